import { DEFAULT_LANGUAGE, isLanguage } from '@app/locales/languages';
import { formatDay } from '../i18n/dates.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { type LegalVersion, legalVersionPath, localizedPath } from '../paths.ts';
import { PageIntro } from './page-intro.tsx';

type LegalPage = 'privacy' | 'termsOfUse';

/**
 * A policy page: heading, lead, the version shown and its date, the document, a print button (for
 * those who keep a copy), and the list of the other versions (decision 0045). An earlier version
 * says so at the top and links to the one in force.
 */
export function LegalDocument({
  page,
  html,
  shown,
  others,
  archived = false,
}: {
  page: LegalPage;
  html: string;
  shown: LegalVersion;
  others: LegalVersion[];
  archived?: boolean;
}) {
  const { t, language: code } = useTranslation();
  const language = isLanguage(code) ? code : DEFAULT_LANGUAGE;
  const label = (version: LegalVersion, kind: 'InForce' | 'Item') => {
    const date = formatDay(version.date, language, 'long');
    return version.version === undefined
      ? t(`pages.legal.edited${kind}`, { date })
      : t(`pages.legal.version${kind}`, { version: String(version.version), date });
  };
  return (
    <article className="legal-document">
      <PageIntro page={page}>
        {archived && (
          <p className="legal-archived" role="note">
            {t('pages.legal.archived')} <a href={localizedPath(page, language)}>{t('pages.legal.current')}</a>
          </p>
        )}
        <div className="document-meta">
          <p className="muted">{label(shown, archived ? 'Item' : 'InForce')}</p>
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
      {others.length > 0 && (
        <nav className="legal-versions" aria-labelledby="legal-versions-heading">
          <h2 id="legal-versions-heading">
            {t(archived ? 'pages.legal.otherVersions' : 'pages.legal.earlierVersions')}
          </h2>
          <ul>
            {others.map((version) => (
              <li key={version.slug}>
                <a href={legalVersionPath(page, language, version.slug)}>{label(version, 'Item')}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </article>
  );
}
