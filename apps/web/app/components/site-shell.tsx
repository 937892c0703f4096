import { useTranslation } from '../i18n/use-translation.ts';
import { Announcement } from './announcement.tsx';
import { QuickExitButton } from './quick-exit-button.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** The frame of every public page and of the error pages. */
export function SiteShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <QuickExitButton />
      <SiteHeader />
      <Announcement />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
