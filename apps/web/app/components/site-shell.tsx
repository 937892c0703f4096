import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/use-root-data.ts';
import { SiteHeader } from './site-header.tsx';

/** The frame of every public page and of the error pages: skip link, header, main, footer. */
export function SiteShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const organisation = useRootData()?.organisationName;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>{t('footer.rights', { year: new Date().getFullYear(), organisation })}</p>
      </footer>
    </>
  );
}
