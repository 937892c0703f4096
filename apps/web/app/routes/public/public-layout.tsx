import { Outlet, useMatches } from 'react-router';
import { SiteShell } from '../../components/site-shell.tsx';
import { MessagesScope } from '../../i18n/messages-scope.tsx';
import type { MessageTree } from '../../i18n/translator.ts';

const NO_MESSAGES: MessageTree = {};

export default function PublicLayout() {
  // Every public page's loader sends its own texts (lib/public-page.server.ts); the root sends
  // only the site-wide ones, so a page does not carry the texts of all the others.
  const page = useMatches().at(-1)?.loaderData as { pageMessages?: MessageTree } | undefined;
  return (
    <SiteShell>
      <MessagesScope messages={page?.pageMessages ?? NO_MESSAGES}>
        <Outlet />
      </MessagesScope>
    </SiteShell>
  );
}
