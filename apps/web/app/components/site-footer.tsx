import { Link } from 'react-router';
import { RichText } from '../i18n/rich-text.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { useCurrentPage } from '../lib/use-current-page.ts';
import { useSite } from '../lib/use-site.ts';
import { localizedPath } from '../paths.ts';
import { EmergencyNotice } from './emergency-notice.tsx';

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
          <li>
            <Link to={localizedPath('contact', language)}>{t('footer.contact')}</Link>
          </li>
          <li>
            <Link to={localizedPath('followUp', language)}>{t('footer.followUp')}</Link>
          </li>
          <li>
            <Link to={localizedPath('privacy', language)}>{t('footer.privacy')}</Link>
          </li>
          <li>
            <Link to={localizedPath('termsOfUse', language)}>{t('footer.termsOfUse')}</Link>
          </li>
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
