import {
  MUNICIPALITY_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PUBLIC_SUMMARY_MAX_LENGTH,
} from '@app/core/casework/report-workflow';
import type { ErasureRefusalReason } from '@app/core/casework/reporter-control';
import { LEGAL_HOLD_REASON_MAX_LENGTH } from '@app/core/casework/retention';
import { AppError, isAppError } from '@app/core/errors/app-error';
import { codeIn, isServerFailureCode } from '@app/core/errors/error-codes';
import { FOLLOW_UP_MESSAGE_MAX_LENGTH } from '@app/core/forms/follow-up';
import { todayInBelgium } from '@app/core/site/dates';
import { can } from '@app/core/staff/staff';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { data, Link, type ShouldRevalidateFunctionArgs } from 'react-router';
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
import { ReporterControlPanel } from '../../features/casework/reporter-control-panel.tsx';
import { ReporterPanel } from '../../features/casework/reporter-panel.tsx';
import { StatusPanel } from '../../features/casework/status-panel.tsx';
import { SuggestedIncidentsPanel } from '../../features/casework/suggested-incidents-panel.tsx';
import { type SupportFormAnswer, SupportPanel } from '../../features/casework/support-panel.tsx';
import { ThreadPanel } from '../../features/casework/thread-panel.tsx';
import { RemindersPanel } from '../../features/reminders/reminders-panel.tsx';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures, formFailure } from '../../shared/failures.server.ts';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import type { Route } from './+types/report';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: classificationStylesheet }];

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const {
    reports,
    actor,
    referrals: referralOperations,
    support: supportOperations,
  } = await requireStaff(args, 'reports:manage');
  // Opening the page marks the reporter's messages read (they stay marked new on this view).
  const report = await reports.open(args.params.reportId);
  // Suggested links (decision 0043), for the roles that may act on them.
  const suggestions = can(actor.role, 'incidents:link') ? await reports.suggestedIncidents(report.id) : undefined;
  // Referrals to partners (decision 0050), for the roles that refer.
  const referrals = can(actor.role, 'referrals:manage') ? await referralOperations.forReport(report.id) : undefined;
  // Support given (decision 0053), for the roles that record it.
  const support = can(actor.role, 'support:manage') ? await supportOperations.forReport(report.id) : undefined;
  // A pack the server refused comes back here with its code (the pack form posts to the server directly).
  const packError = new URL(args.request.url).searchParams.get('packError');
  return {
    report,
    suggestions,
    referrals,
    support,
    assignees: await reports.assignees(),
    today: todayInBelgium(),
    packError: codeIn('evidencePack', packError),
  };
});

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const { reports, reminders } = await requireStaff(args, 'reports:manage');
  const id = args.params.reportId;
  const form = await args.request.formData();
  const intent = field(form, 'intent');
  const at = Date.now();
  // A rule of casework not met is the page's sentence, with its status: 409 when someone else
  // changed the report first (the page then reloads its current state). A report that is gone is
  // the 404 page.
  const answer = async (change: () => Promise<void>, draft?: Record<string, string>) => {
    try {
      await change();
      return { intent, error: undefined, at, draft: undefined };
    } catch (error) {
      return formFailure(error, 'casework', (code) => ({ intent, error: code, at, draft }));
    }
  };

  // Reminders answer with codes of their own (`reminders.errors.<code>`), shown in their panel.
  const reminderAnswer = async (change: () => Promise<void>, draft?: Record<string, string>) => {
    try {
      await change();
      return { intent, error: undefined, at, draft: undefined };
    } catch (error) {
      return formFailure(error, 'reminders', (code) => ({ intent, error: undefined, reminderError: code, at, draft }));
    }
  };
  if (intent === 'reminder-set') {
    const draft = { dueOn: field(form, 'dueOn'), note: field(form, 'note') };
    return reminderAnswer(() => reminders.set(id, draft), draft);
  }
  if (intent === 'reminder-done') return reminderAnswer(() => reminders.complete(id, field(form, 'reminderId')));
  if (intent === 'reminder-remove') return reminderAnswer(() => reminders.remove(id, field(form, 'reminderId')));
  // Referrals (decision 0050): a refusal is the panel's sentence, a code of `referrals` or, for the
  // reporter's answer, of `evidencePack` (decision 0048); with its status.
  if (intent === 'refer' || intent === 'referral-update') {
    const { referrals } = await requireStaff(args, 'referrals:manage');
    const referral = intent === 'refer' ? undefined : field(form, 'referral');
    const draft = Object.fromEntries(
      ['partner', 'pack', 'agreedOn', 'agreedVia', 'status', 'reference', 'outcome', 'revision', 'answeredOn'].map(
        (name) => [name, field(form, name)],
      ),
    );
    try {
      if (referral === undefined) {
        await referrals.refer(id, {
          partner: draft.partner ?? '',
          pack: draft.pack ?? '',
          agreedOn: draft.agreedOn,
          agreedVia: draft.agreedVia,
        });
      } else {
        await referrals.update(id, referral, {
          revision: draft.revision ?? '',
          status: draft.status ?? '',
          reference: draft.reference,
          outcome: draft.outcome,
          answeredOn: draft.answeredOn,
        });
      }
      return { intent, error: undefined, at, draft: undefined };
    } catch (error) {
      const code = isAppError(error) ? error.code : undefined;
      const shown =
        code && isServerFailureCode(code) && (code.startsWith('referrals.') || code.startsWith('evidencePack.'))
          ? code
          : undefined;
      if (!shown || !isAppError(error)) throw error;
      return data({ intent, error: undefined, referralError: shown, referral, at, draft }, { status: error.status });
    }
  }
  // Support (decision 0053): a refusal is the panel's sentence (`support.<code>`), with its status.
  if (
    intent === 'support-needs' ||
    intent === 'support-service' ||
    intent === 'safety-plan' ||
    intent === 'support-withdraw'
  ) {
    const { support } = await requireStaff(args, 'support:manage');
    const draft = Object.fromEntries(
      ['revision', 'need', 'description', 'givenBy', 'givenOn', 'plan', 'service', 'reason'].map((name) => [
        name,
        field(form, name),
      ]),
    );
    try {
      if (intent === 'support-needs') {
        await support.setNeeds(id, { revision: draft.revision ?? '', needs: form.getAll('needs').map(String) });
      } else if (intent === 'support-service') {
        const [provider = '', who = ''] = (draft.givenBy ?? '').split(':');
        await support.addService(id, {
          need: draft.need ?? '',
          description: draft.description ?? '',
          provider,
          member: provider === 'staff' ? who : undefined,
          partner: provider === 'partner' ? who : undefined,
          givenOn: draft.givenOn ?? '',
        });
      } else if (intent === 'support-withdraw') {
        await support.withdrawService(id, draft.service ?? '', { reason: draft.reason ?? '' });
      } else {
        await support.setSafetyPlan(id, { revision: draft.revision ?? '', plan: draft.plan });
      }
      return { intent, error: undefined, at, draft: undefined };
    } catch (error) {
      const code = isAppError(error) ? error.code : undefined;
      if (!code || !isAppError(error) || !isServerFailureCode(code) || !code.startsWith('support.')) throw error;
      return data({ intent, error: undefined, supportError: code, at, draft }, { status: error.status });
    }
  }
  if (intent === 'reveal') {
    const reporter = await reports.revealReporter(id);
    return { intent, error: undefined, at, draft: undefined, reporter };
  }
  if (intent.startsWith('status-')) {
    return answer(() =>
      reports.changeStatus(id, {
        from: field(form, 'from'),
        to: intent.slice('status-'.length),
        reason: field(form, 'reason') || undefined,
        municipality: field(form, 'municipality'),
        province: field(form, 'province'),
        arrondissement: field(form, 'arrondissement'),
      }),
    );
  }
  if (intent === 'assign') return answer(() => reports.assign(id, field(form, 'assignee') || null));
  if (intent === 'note') {
    const note = field(form, 'note');
    return answer(() => reports.addNote(id, note), { note });
  }
  if (intent === 'reply') {
    const reply = field(form, 'reply');
    return answer(() => reports.reply(id, reply), { reply });
  }
  if (intent === 'publish') {
    const draft = Object.fromEntries(
      [
        'municipality',
        'province',
        'arrondissement',
        'datePrecision',
        'placePrecision',
        'originalLanguage',
        ...LANGUAGE_CODES.map((code) => `summary-${code}`),
      ].map((name) => [name, field(form, name)]),
    );
    const summaries = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, field(form, `summary-${code}`)]));
    return answer(
      () =>
        reports.publish(id, {
          municipality: field(form, 'municipality'),
          province: field(form, 'province'),
          arrondissement: field(form, 'arrondissement'),
          datePrecision: field(form, 'datePrecision'),
          placePrecision: field(form, 'placePrecision'),
          originalLanguage: field(form, 'originalLanguage'),
          summaries,
        }),
      draft,
    );
  }
  if (intent === 'unpublish') return answer(() => reports.unpublish(id));
  if (intent === 'incident-link') {
    const target = field(form, 'target');
    return answer(() => reports.linkToIncident(id, { from: field(form, 'from'), target }), { target });
  }
  // A suggestion confirmed is the link into its incident, naming its first report; or dismissed.
  if (intent === 'suggestion-link') {
    return answer(() => reports.linkToIncident(id, { from: field(form, 'from'), target: field(form, 'target') }));
  }
  if (intent === 'suggestion-dismiss') {
    return answer(() => reports.dismissSuggestion(id, { from: field(form, 'from'), other: field(form, 'other') }));
  }
  if (intent === 'classify') {
    const draft = Object.fromEntries(
      ['category', 'target', 'knownThrough', 'placeType'].map((name) => [name, field(form, name)]),
    );
    const manifestations = form.getAll('manifestations').map(String);
    const tags = form.getAll('tags').map(String);
    return answer(
      () =>
        reports.classifyIncident(id, {
          incident: field(form, 'incident'),
          revision: field(form, 'revision'),
          category: draft.category ?? '',
          manifestations,
          target: draft.target ?? '',
          knownThrough: draft.knownThrough ?? '',
          placeType: draft.placeType ?? '',
          tags,
        }),
      { ...draft, manifestations: manifestations.join(','), tags: tags.join(',') },
    );
  }
  if (intent === 'incident-split') return answer(() => reports.splitFromIncident(id, { from: field(form, 'from') }));
  if (intent === 'hold-set') {
    const reason = field(form, 'reason');
    return answer(() => reports.setLegalHold(id, { reason }), { reason });
  }
  if (intent === 'hold-review') return answer(() => reports.reviewLegalHold(id));
  if (intent === 'hold-lift') return answer(() => reports.liftLegalHold(id));
  if (intent === 'erasure-answer') {
    const input =
      field(form, 'answer') === 'erase'
        ? { answer: 'erase' as const }
        : { answer: 'refuse' as const, reason: field(form, 'reason') as ErasureRefusalReason };
    return answer(() => reports.answerErasureRequest(id, input));
  }
  throw new AppError('BAD_REQUEST');
});

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
  // The limit a too-long or missing text was held to, as the count its plural message agrees with.
  const errorValues = {
    count:
      actionData?.error === 'summaryTooLong'
        ? PUBLIC_SUMMARY_MAX_LENGTH
        : actionData?.error === 'municipalityRequired'
          ? MUNICIPALITY_MAX_LENGTH
          : actionData?.error === 'replyTooLong'
            ? FOLLOW_UP_MESSAGE_MAX_LENGTH
            : actionData?.error === 'holdReasonTooLong'
              ? LEGAL_HOLD_REASON_MAX_LENGTH
              : NOTE_MAX_LENGTH,
  };
  const reporter = actionData && 'reporter' in actionData ? actionData.reporter : undefined;
  return (
    <main id="main" className="staff-main" tabIndex={-1}>
      <title>{`${t('casework.detailTitle', { date: formatDateTime(report.receivedAt, language) })} · ${t('internal.areaName')}`}</title>
      <p>
        <Link to={INTERNAL_PAGES.reports}>{t('casework.backToList')}</Link>
      </p>
      <h1>{t('casework.detailTitle', { date: formatDateTime(report.receivedAt, language) })}</h1>
      <p className="muted">
        <bdi dir="ltr">{report.id}</bdi>
      </p>
      {report.personalDataErasedAt && (
        <div className="staff-alert">
          <p>
            {t(
              report.reporterControl?.erasure?.answer?.outcome === 'erased'
                ? 'casework.erasedOnRequestNotice'
                : 'casework.erasedNotice',
              { date: formatDateTime(report.personalDataErasedAt, language) },
            )}
          </p>
        </div>
      )}
      {report.spamCheck === 'form-token' && (
        <div className="staff-alert">
          <p>{t('casework.withoutCheckNotice')}</p>
        </div>
      )}
      {report.isQuarantined && (
        <div className="staff-alert">
          <p>{t('casework.quarantinedNotice')}</p>
        </div>
      )}
      {actionData?.error && (
        <FormAlert key={actionData.at} title={t('casework.errors.title')}>
          <p>{t(`casework.errors.${actionData.error}`, errorValues)}</p>
        </FormAlert>
      )}
      {actionData &&
        !actionData.error &&
        !reminderError &&
        !referralAnswer &&
        !supportAnswer &&
        actionData.intent !== 'reveal' && (
          <FormAlert key={actionData.at} tone="success">
            <p>{t('casework.saved')}</p>
          </FormAlert>
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
    </main>
  );
}
