import type { ErasureRefusalReason } from '@app/core/casework/reporter-control';
import { AppError, isAppError } from '@app/core/errors/app-error';
import { type CodeOf, codeIn, type ErrorSection, isServerFailureCode } from '@app/core/errors/error-codes';
import { todayInBelgium } from '@app/core/site/dates';
import { can } from '@app/core/staff/staff';
import type { StaffOperations } from '@app/core/staff/staff-operations';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { data, type RouterContextProvider } from 'react-router';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formFailure } from '../../shared/failures.server.ts';

/*
 * The report page's loader and the answers to its forms (routes/internal/report.tsx). Each panel's
 * form posts an `intent`; the reminders, the referrals and the support panels answer with codes of
 * their own section, every other panel with a code of `casework`.
 */

/** A loader's or an action's arguments, as the page's route gives them (`/internal/reports/:reportId`). */
type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { reportId: string } };

/** What the page shows: the report, and the panels its reader's role may act on. */
export async function reportPageData(args: Args) {
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
}

/** One posted form of the page: the report, the form, its intent and when it was answered. */
type Posted = { args: Args; id: string; form: FormData; intent: string; at: number };

const REMINDER_INTENTS = new Set(['reminder-set', 'reminder-done', 'reminder-remove']);
const REFERRAL_INTENTS = new Set(['refer', 'referral-update']);
const SUPPORT_INTENTS = new Set(['support-needs', 'support-service', 'safety-plan', 'support-withdraw']);

/** The answer to the form the page posted, by its `intent`. */
export async function answerReportForm(args: Args) {
  const { reports, reminders } = await requireStaff(args, 'reports:manage');
  const form = await args.request.formData();
  const posted: Posted = { args, id: args.params.reportId, form, intent: field(form, 'intent'), at: Date.now() };
  if (REMINDER_INTENTS.has(posted.intent)) return reminderAnswer(reminders, posted);
  if (REFERRAL_INTENTS.has(posted.intent)) return referralAnswer(posted);
  if (SUPPORT_INTENTS.has(posted.intent)) return supportAnswer(posted);
  return caseworkAnswer(reports, posted);
}

/**
 * A change done: the page says it was saved. (Typed without a `reporter`, so that the answer that
 * shows the reporter's identity stays a type of its own in the page's `actionData`.)
 */
type Saved = { intent: string; error: undefined; at: number; draft: undefined; reporter?: undefined };

function saved({ intent, at }: Posted): Saved {
  return { intent, error: undefined, at, draft: undefined };
}

/** The change made and saved; a refusal with a code of `section` is the form's answer (`refused`). */
async function answered<S extends ErrorSection, Body>(
  posted: Posted,
  change: () => Promise<void>,
  section: S,
  refused: (code: CodeOf<S>) => Body,
) {
  try {
    await change();
    return saved(posted);
  } catch (error) {
    return formFailure(error, section, refused);
  }
}

/** The fields of a form, by name, as the draft a refused form is shown again with. */
function draftOf(form: FormData, names: string[]) {
  return Object.fromEntries(names.map((name) => [name, field(form, name)]));
}

/** Reminders answer with codes of their own (`reminders.errors.<code>`), shown in their panel. */
async function reminderAnswer(reminders: StaffOperations['reminders'], posted: Posted) {
  const { id, form, intent, at } = posted;
  const answer = (change: () => Promise<void>, draft?: Record<string, string>) =>
    answered(posted, change, 'reminders', (code) => ({ intent, error: undefined, reminderError: code, at, draft }));
  if (intent === 'reminder-set') {
    const draft = { dueOn: field(form, 'dueOn'), note: field(form, 'note') };
    return answer(() => reminders.set(id, draft), draft);
  }
  if (intent === 'reminder-done') return answer(() => reminders.complete(id, field(form, 'reminderId')));
  return answer(() => reminders.remove(id, field(form, 'reminderId')));
}

/**
 * Referrals (decision 0050): a refusal is the panel's sentence, a code of `referrals` or, for the
 * reporter's answer, of `evidencePack` (decision 0048); with its status.
 */
async function referralAnswer(posted: Posted) {
  const { args, id, form, intent, at } = posted;
  const { referrals } = await requireStaff(args, 'referrals:manage');
  const referral = intent === 'refer' ? undefined : field(form, 'referral');
  const draft = draftOf(form, [
    'partner',
    'pack',
    'agreedOn',
    'agreedVia',
    'status',
    'reference',
    'outcome',
    'revision',
    'answeredOn',
  ]);
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
    return saved(posted);
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

/** Support (decision 0053): a refusal is the panel's sentence (`support.<code>`), with its status. */
async function supportAnswer(posted: Posted) {
  const { args, id, form, intent, at } = posted;
  const { support } = await requireStaff(args, 'support:manage');
  const draft = draftOf(form, ['revision', 'need', 'description', 'givenBy', 'givenOn', 'plan', 'service', 'reason']);
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
    return saved(posted);
  } catch (error) {
    const code = isAppError(error) ? error.code : undefined;
    if (!code || !isAppError(error) || !isServerFailureCode(code) || !code.startsWith('support.')) throw error;
    return data({ intent, error: undefined, supportError: code, at, draft }, { status: error.status });
  }
}

/**
 * Every other panel: a rule of casework not met is the page's sentence, with its status: 409 when
 * someone else changed the report first (the page then reloads its current state). A report that
 * is gone is the 404 page.
 */
async function caseworkAnswer(reports: StaffOperations['reports'], posted: Posted) {
  const { id, form, intent, at } = posted;
  const answer = (change: () => Promise<void>, draft?: Record<string, string>) =>
    answered(posted, change, 'casework', (code) => ({ intent, error: code, at, draft }));
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
    const draft = draftOf(form, [
      'municipality',
      'province',
      'arrondissement',
      'datePrecision',
      'placePrecision',
      'originalLanguage',
      ...LANGUAGE_CODES.map((code) => `summary-${code}`),
    ]);
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
    const draft = draftOf(form, ['category', 'target', 'knownThrough', 'placeType']);
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
}
