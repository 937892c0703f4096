import { useTranslation } from '../i18n/use-translation.ts';
import { useSite } from '../lib/use-site.ts';
import type { PublicPage } from '../paths.ts';

/** A page's heading and lead sentence, from the `pages.<page>` messages. */
export function PageIntro({ page, children }: { page: PublicPage; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const organisation = useSite()?.organisationName ?? '';
  return (
    <header className="page-intro">
      <h1>{t(`pages.${page}.title`)}</h1>
      <p className="lead">{t(`pages.${page}.lead`, { organisation })}</p>
      {children}
    </header>
  );
}
