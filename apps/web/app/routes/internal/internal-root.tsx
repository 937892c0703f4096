import { languageFromHeaders } from '@app/locales/languages';
import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { internalMessagesFor } from '../../i18n/messages.server.ts';
import { MessagesScope } from '../../i18n/messages-scope.tsx';
import stylesheet from '../../styles/staff.css?url';
import type { Route } from './+types/internal-root';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

/** Every page of the staff area: its messages (and the incident types), and no indexing. */
export function loader({ request }: Route.LoaderArgs) {
  return { messages: internalMessagesFor(languageFromHeaders(request.headers)) };
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex, nofollow' }];

export default function InternalRoot({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <Outlet />
    </MessagesScope>
  );
}
