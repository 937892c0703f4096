import { AppError } from '@app/core/errors/app-error';
import { data, Link } from 'react-router';
import { EmergencyNotice } from '../../components/emergency-notice.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { appContext } from '../../context.ts';
import { ReportForm } from '../../features/report-form/report-form.tsx';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import { localizedPath } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import { FormMessagesScope } from '../../shared/forms/form-messages-scope.tsx';
import type { Route } from './+types/incident-report';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const page = loadPublicPage(args, 'incidentReport');
  return page;
});

/**
 * The form sent without JavaScript (decision 0021): the server has already read and checked it
 * (apps/server/src/http/plain-forms.routes.ts) and says what to show; this renders the page with it.
 */
export const action = answeringFailures(async ({ context }: Route.ActionArgs) => {
  const { plainForm, publicUrl } = context.get(appContext);
  if (plainForm?.answer.form !== 'report') throw new AppError('BAD_REQUEST');
  return data({ answer: plainForm.answer, host: new URL(publicUrl).host }, { status: plainForm.status });
});

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

/** A page with a form for personal data: never kept in a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

const STEPS = ['read', 'contact', 'count', 'police'] as const;

export default function IncidentReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <FormMessagesScope language={loaderData.language}>
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
      <ReportForm
        language={loaderData.language}
        answer={actionData?.answer.form === 'report' ? actionData.answer : undefined}
        host={actionData?.host}
      />
      <section aria-labelledby="what-happens-title" className="section">
        <h2 id="what-happens-title">{t('pages.incidentReport.whatHappensTitle')}</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step}>{t(`pages.incidentReport.whatHappens.${step}`)}</li>
          ))}
        </ol>
      </section>
    </FormMessagesScope>
  );
}
