import { Link } from 'react-router';
import { RichText } from '../i18n/rich-text.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { useCurrentPage } from '../lib/use-current-page.ts';
import { useSite } from '../lib/use-site.ts';
import { localizedPath } from '../paths.ts';
import { EmergencyNotice } from './emergency-notice.tsx';

/** The pages the footer links to, in its order; each one's link text is `footer.<page>`. */
const FOOTER_PAGES = ['contact', 'followUp', 'privacy', 'termsOfUse'] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const { page, language } = useCurrentPage();
  const site = useSite();
  return (
    <footer className="site-footer">
      {/* The report page shows the notice at its top already. */}
      {page !== 'incidentReport' && <EmergencyNotice id="emergency" />}
      <nav aria-label={t('footer.navigationLabel')}>
        <ul className="footer-nav">
          {FOOTER_PAGES.map((footerPage) => (
            <li key={footerPage}>
              <Link to={localizedPath(footerPage, language)}>{t(`footer.${footerPage}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {site && (
        <p>
          <RichText
            template={t('footer.email', {})}
            values={{ email: site.email }}
            components={{ email: (email) => <a href={`mailto:${email}`}>{email}</a> }}
          />
        </p>
      )}
      <p>
        {t('footer.rights', { year: String(new Date().getFullYear()), organisation: site?.organisationName ?? '' })}
      </p>
    </footer>
  );
}
