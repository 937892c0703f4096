import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { AccessLogPanel } from '../../features/casework/access-log-panel.tsx';
import { AttachmentsPanel } from '../../features/casework/attachments-panel.tsx';
import classificationStylesheet from '../../features/casework/classification-panel.css?url';
import { ClassificationPanel } from '../../features/casework/classification-panel.tsx';
import { EvidencePackPanel } from '../../features/casework/evidence-pack-panel.tsx';
import { IncidentPanel } from '../../features/casework/incident-panel.tsx';
import { LegalHoldPanel } from '../../features/casework/legal-hold-panel.tsx';
import { NotesPanel } from '../../features/casework/notes-panel.tsx';
import { PublishPanel } from '../../features/casework/publish-panel.tsx';
import { ReferralPanel } from '../../features/casework/referral-panel.tsx';
import { ReportFacts } from '../../features/casework/report-facts.tsx';
import { CaseworkAnswer, ReportNotices } from '../../features/casework/report-notices.tsx';
import { ReporterControlPanel } from '../../features/casework/reporter-control-panel.tsx';
import { ReporterPanel } from '../../features/casework/reporter-panel.tsx';
import { StatusPanel } from '../../features/casework/status-panel.tsx';
import { SuggestedIncidentsPanel } from '../../features/casework/suggested-incidents-panel.tsx';
import { type SupportFormAnswer, SupportPanel } from '../../features/casework/support-panel.tsx';
import { ThreadPanel } from '../../features/casework/thread-panel.tsx';
import { RemindersPanel } from '../../features/reminders/reminders-panel.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import type { Route } from './+types/report';
import { answerReportForm, reportPageData } from './report.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: classificationStylesheet }];

export const loader = answeringFailures(reportPageData);

export const action = answeringFailures(answerReportForm);

/** After a lost race (409), show the report as it is now, whatever the status of the answer. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // A reminder someone else marked done or removed meanwhile: show the reminders as they are now.
  const reminderGone = actionResult?.reminderError === 'conflict' || actionResult?.reminderError === 'notFound';
  // A hold someone else set, reviewed or lifted meanwhile: show the hold as it is now.
  const holdChanged = actionResult?.error === 'holdAlreadySet' || actionResult?.error === 'noHold';
  // A request for erasure someone else answered meanwhile: show the answer.
  const erasureAnswered = actionResult?.error === 'noErasureRequest';
  // A referral someone else changed meanwhile, or a partner disabled meanwhile: show them as they are now.
  const referralChanged =
    actionResult?.referralError === 'referrals.conflict' || actionResult?.referralError === 'referrals.partnerDisabled';
  // Needs or the safety plan someone else changed meanwhile: show them as they are now.
  const supportChanged =
    actionResult?.supportError === 'support.conflict' || actionResult?.supportError === 'support.alreadyWithdrawn';
  return actionResult?.error === 'conflict' ||
    reminderGone ||
    holdChanged ||
    erasureAnswered ||
    referralChanged ||
    supportChanged
    ? true
    : defaultShouldRevalidate;
}

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { report, suggestions, referrals, support, assignees, packError, today } = loaderData;
  const reminderError = actionData && 'reminderError' in actionData ? actionData.reminderError : undefined;
  const referralAnswer =
    actionData && 'referralError' in actionData
      ? { error: actionData.referralError, referral: actionData.referral, draft: actionData.draft, at: actionData.at }
      : undefined;
  const supportAnswer: SupportFormAnswer | undefined =
    actionData && 'supportError' in actionData && actionData.supportError
      ? {
          intent: actionData.intent as SupportFormAnswer['intent'],
          error: actionData.supportError,
          draft: actionData.draft,
          at: actionData.at,
        }
      : undefined;
  const reporter = actionData && 'reporter' in actionData ? actionData.reporter : undefined;
  return (
    <StaffPage
      title={t('casework.detailTitle', { date: formatDateTime(report.receivedAt, language) })}
      back={{ to: INTERNAL_PAGES.reports, label: t('casework.backToList') }}
    >
      <p className="muted">
        <bdi dir="ltr">{report.id}</bdi>
      </p>
      <ReportNotices report={report} />
      {actionData && (
        <CaseworkAnswer
          error={actionData.error}
          saved={!reminderError && !referralAnswer && !supportAnswer && actionData.intent !== 'reveal'}
          at={actionData.at}
        />
      )}
      <div className="report-layout">
        <div>
          <ReportFacts report={report} />
          <ReporterPanel isAnonymous={report.isAnonymous} reporter={reporter} />
          {!report.personalDataErasedAt && (
            <ThreadPanel
              report={report}
              replyDraft={actionData?.intent === 'reply' && actionData.error ? actionData.draft?.reply : undefined}
            />
          )}
          <AttachmentsPanel report={report} />
          {!report.personalDataErasedAt && <EvidencePackPanel report={report} error={packError} />}
          {referrals && !report.personalDataErasedAt && (
            <ReferralPanel report={report} referrals={referrals} today={today} answer={referralAnswer} />
          )}
          {support && !report.personalDataErasedAt && (
            <SupportPanel support={support} today={today} answer={supportAnswer} />
          )}
          <NotesPanel
            report={report}
            assignees={assignees}
            noteDraft={actionData?.intent === 'note' && actionData.error ? actionData.draft?.note : undefined}
          />
        </div>
        <div>
          <StatusPanel report={report} />
          <IncidentPanel
            report={report}
            targetDraft={
              actionData?.intent === 'incident-link' && actionData.error ? actionData.draft?.target : undefined
            }
          />
          {suggestions && <SuggestedIncidentsPanel report={report} suggestions={suggestions} />}
          <ClassificationPanel
            report={report}
            draft={actionData?.intent === 'classify' && actionData.error ? actionData.draft : undefined}
          />
          <LegalHoldPanel
            report={report}
            reasonDraft={actionData?.intent === 'hold-set' && actionData.error ? actionData.draft?.reason : undefined}
          />
          <ReporterControlPanel report={report} />
          <AccessLogPanel report={report} />
          <RemindersPanel
            reminders={report.reminders}
            today={today}
            error={reminderError}
            draft={actionData?.intent === 'reminder-set' && reminderError ? actionData.draft : undefined}
            at={actionData?.at}
          />
          <PublishPanel
            report={report}
            draft={actionData?.intent === 'publish' && actionData.error ? actionData.draft : undefined}
          />
        </div>
      </div>
    </StaffPage>
  );
}
