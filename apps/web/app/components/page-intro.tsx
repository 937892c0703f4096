import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/use-root-data.ts';
import type { PublicPage } from '../paths.ts';

/** A page's heading and lead sentence, from the `pages.<page>` messages. */
export function PageIntro({ page }: { page: PublicPage }) {
  const { t } = useTranslation();
  const organisation = useRootData()?.organisationName;
  return (
    <header className="page-intro">
      <h1>{t(`pages.${page}.title`)}</h1>
      <p className="lead">{t(`pages.${page}.lead`, { organisation })}</p>
    </header>
  );
}
