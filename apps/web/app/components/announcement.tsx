import { useRouteLoaderData } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import type { RootData } from '../lib/root-data.ts';

/** The site-wide announcement staff may publish (Content), above every public page. */
export function Announcement() {
  const { t } = useTranslation();
  const html = useRouteLoaderData<RootData>('root')?.announcementHtml;
  if (!html) return null;
  return (
    <aside className="announcement" aria-label={t('announcement')}>
      <div
        className="announcement__body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: staff Markdown rendered by micromark on the server, raw HTML escaped.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </aside>
  );
}
