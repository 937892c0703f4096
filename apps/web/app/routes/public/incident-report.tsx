import { EmergencyNotice } from '../../components/emergency-notice.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import type { Route } from './+types/incident-report';

export function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, 'incidentReport');
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

const STEPS = ['read', 'contact', 'count', 'police'] as const;

export default function IncidentReportPage() {
  const { t } = useTranslation();
  return (
    <>
      {/* The page opens with the notice; it is the target of the header's emergency link here. */}
      <EmergencyNotice id="emergency" />
      <PageIntro page="incidentReport" />
      <section aria-labelledby="before-title" className="section">
        <h2 id="before-title">{t('pages.incidentReport.beforeYouStartTitle')}</h2>
        <p>{t('pages.incidentReport.beforeYouStart')}</p>
      </section>
      <section aria-labelledby="what-happens-title" className="section">
        <h2 id="what-happens-title">{t('pages.incidentReport.whatHappensTitle')}</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step}>{t(`pages.incidentReport.whatHappens.${step}`)}</li>
          ))}
        </ol>
      </section>
    </>
  );
}
