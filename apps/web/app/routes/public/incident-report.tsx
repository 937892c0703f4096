import { Link } from 'react-router';
import { EmergencyNotice } from '../../components/emergency-notice.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { JavaScriptRequired } from '../../shared/forms/javascript-required.tsx';
import { ReportForm } from '../../features/report-form/report-form.tsx';
import { formMessagesFor } from '../../i18n/messages.server.ts';
import { MessagesScope } from '../../i18n/messages-scope.tsx';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import { localizedPath } from '../../paths.ts';
import type { Route } from './+types/incident-report';

export function loader(args: Route.LoaderArgs) {
  const page = loadPublicPage(args, 'incidentReport');
  return { ...page, formMessages: formMessagesFor(page.language) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

/** A page with a form for personal data: never kept in a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

const STEPS = ['read', 'contact', 'count', 'police'] as const;

export default function IncidentReportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <MessagesScope messages={loaderData.formMessages}>
      {/* The page opens with the notice; it is the target of the header's emergency link here. */}
      <EmergencyNotice id="emergency" />
      <PageIntro page="incidentReport" />
      <section aria-labelledby="before-title" className="section">
        <h2 id="before-title">{t('pages.incidentReport.beforeYouStartTitle')}</h2>
        <p>{t('pages.incidentReport.beforeYouStart')}</p>
        <p>
          <RichText
            template={t('pages.incidentReport.followUpLink')}
            components={{ link: (text) => <Link to={localizedPath('followUp', loaderData.language)}>{text}</Link> }}
          />
        </p>
      </section>
      <JavaScriptRequired>
        <ReportForm language={loaderData.language} />
      </JavaScriptRequired>
      <section aria-labelledby="what-happens-title" className="section">
        <h2 id="what-happens-title">{t('pages.incidentReport.whatHappensTitle')}</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step}>{t(`pages.incidentReport.whatHappens.${step}`)}</li>
          ))}
        </ol>
      </section>
    </MessagesScope>
  );
}
