import { formatDay } from '../i18n/dates.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import type { PublicPage } from '../paths.ts';
import { PageIntro } from './page-intro.tsx';

/** A policy page: heading, lead, the document, and a print button (for those who keep a copy). */
export function LegalDocument({ page, html, lastUpdated }: { page: PublicPage; html: string; lastUpdated: string }) {
  const { t, language } = useTranslation();
  const date = formatDay(lastUpdated, language, 'long');
  return (
    <article className="legal-document">
      <PageIntro page={page}>
        <div className="document-meta">
          <p className="muted">{t('pages.lastUpdated', { date })}</p>
          <button type="button" className="button button--secondary print-button" onClick={() => window.print()}>
            {t('pages.print')}
          </button>
        </div>
      </PageIntro>
      <div
        className="prose"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by micromark from our own Markdown, with raw HTML escaped.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
