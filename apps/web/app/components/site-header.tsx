import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCurrentPage } from '../lib/use-current-page.ts';
import { useRootData } from '../lib/use-root-data.ts';
import { localizedPath, type PublicPage } from '../paths.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

const NAVIGATION: { page: PublicPage; label: string }[] = [
  { page: 'home', label: 'nav.home' },
  { page: 'contact', label: 'nav.contact' },
  { page: 'incidents', label: 'nav.incidents' },
  { page: 'incidentReport', label: 'nav.report' },
];

export function SiteHeader() {
  const { t } = useTranslation();
  const { language } = useCurrentPage();
  const organisationName = useRootData()?.organisationName;
  return (
    <header className="site-header">
      <a className="site-name" href={localizedPath('home', language)}>
        {organisationName}
      </a>
      <nav aria-label={t('nav.label')}>
        <ul className="main-nav">
          {NAVIGATION.map(({ page, label }) => (
            <li key={page}>
              <NavLink to={localizedPath(page, language)} end>
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageSwitcher />
    </header>
  );
}
