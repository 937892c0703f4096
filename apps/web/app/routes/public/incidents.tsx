import { Link } from 'react-router';
import { PageIntro } from '../../components/page-intro.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import { localizedPath } from '../../paths.ts';
import type { Route } from './+types/incidents';

export function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, 'incidents');
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

const WAYS_TO_HELP = ['report', 'support', 'document', 'share'] as const;

/**
 * The public overview. Staff publishing (a later issue) fills the 30-day count and the list; until
 * something is published, the page says so plainly.
 */
export default function IncidentsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro page="incidents" />
      <section aria-labelledby="recent-title" className="section">
        <h2 id="recent-title">{t('pages.incidents.recentTitle')}</h2>
        <p>{t('pages.incidents.noneYet')}</p>
      </section>
      <section aria-labelledby="help-title" className="section">
        <h2 id="help-title">{t('pages.incidents.howToHelpTitle')}</h2>
        <ul className="checklist">
          {WAYS_TO_HELP.map((way) => (
            <li key={way}>{t(`pages.incidents.howToHelp.${way}`)}</li>
          ))}
        </ul>
        <p>
          <Link className="button button--primary" to={localizedPath('incidentReport', loaderData.language)}>
            {t('pages.incidents.reportButton')}
          </Link>
        </p>
      </section>
    </>
  );
}
