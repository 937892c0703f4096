import { AppError } from '@app/core/errors/app-error';
import type { FieldErrors } from '@app/core/errors/field-errors';
import { validateContactMessage } from '@app/core/forms/contact.schema';
import { normaliseReceipt } from '@app/core/forms/follow-up';
import { followUpMessageProblem } from '@app/core/forms/form-rules';
import {
  type ContactFormAnswer,
  contactValuesFromForm,
  type FollowUpFormAnswer,
  INTENT_FIELD,
  type PlainFormAnswer,
  type PlainFormFailure,
  REPORT_FORM_STEPS,
  type ReportFormAnswer,
  type ReportFormValues,
  reportInputFromValues,
  reportStepOf,
  reportValuesFromForm,
  STEP_FIELD,
} from '@app/core/forms/plain-forms';
import { validateReport } from '@app/core/forms/report.schema';
import { LANGUAGE_CODES, LANGUAGES, type Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { localizedPath } from '@app/web/paths';
import { type NextFunction, type Request, type Response, Router } from 'express';
import { newSubmissionKey, readSubmissionKey } from '../crypto/submission-keys.ts';
import type { Logger } from '../logger.ts';
import { submitContactMessage } from '../services/intake/submit-contact-message.ts';
import { findEarlierReport, submitReport } from '../services/intake/submit-report.ts';
import { bodyCode } from './api-error.ts';
import type { Readiness } from './health.routes.ts';
import { readPlainForm } from './plain-form-body.ts';
import {
  failureOf,
  HONEYPOT_FIELD,
  type SubmissionServices,
  spendFormToken,
  startSubmission,
} from './submission-pipeline.ts';

/** What the server hands to the page's action: the answer to show, and its HTTP status. */
export type PlainFormResult = {
  status: number;
  answer: PlainFormAnswer;
  /** The follow-up session a receipt just opened, for the page rendered in the same answer. */
  followUpCookie?: string;
};

const LAST_STEP = REPORT_FORM_STEPS.length - 1;

const pathsOf = (page: 'incidentReport' | 'contact' | 'followUp') =>
  new Map(LANGUAGE_CODES.map((language) => [localizedPath(page, language), language]));
const REPORT_PATHS = pathsOf('incidentReport');
const CONTACT_PATHS = pathsOf('contact');
const FOLLOW_UP_PATHS = pathsOf('followUp');
/** Pages whose forms work without JavaScript, and so get a form token with the page. */
const FORM_PAGES = new Set([...REPORT_PATHS.keys(), ...CONTACT_PATHS.keys(), ...FOLLOW_UP_PATHS.keys()]);

/** The hidden field of the report form that carries its submission key without JavaScript. */
export const SUBMISSION_KEY_FIELD = 'submissionKey';

/** The report sent: its receipt, unless it was sent before and the receipt used since. */
const sentAnswer = (receipt: string | undefined): ReportFormAnswer => ({ form: 'report', state: 'sent', receipt });

/**
 * A report or contact message sent without JavaScript, for the metrics (decision 0030): accepted
 * once sent, refused by its error code on a last step that failed. Steps before the last and the
 * follow-up page's receipt are not submissions.
 */
function countSubmission(services: Pick<SubmissionServices, 'metrics'>, { answer }: PlainFormResult) {
  if (answer.form !== 'report' && answer.form !== 'contact') return;
  const kind = answer.form === 'report' ? 'report' : 'message';
  if (answer.state === 'sent') return services.metrics.submission(kind, 'accepted', 'stored');
  if (answer.failure) return services.metrics.submission(kind, 'refused', answer.failure.code);
  const isLastStep = answer.form === 'contact' || answer.step === LAST_STEP;
  if (answer.errors && isLastStep) services.metrics.submission(kind, 'refused', 'VALIDATION_FAILED');
}

/** The problems of these fields only. */
function only(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}

/** A failure as the form shows it: its code (and file), with the status and Retry-After it goes with. */
function failureAnswer(
  error: unknown,
  logger: Logger,
  response: Response,
): { status: number; failure: PlainFormFailure } {
  const refused = failureOf(error, logger);
  if (refused.details.retryAfterSeconds) response.set('Retry-After', String(refused.details.retryAfterSeconds));
  const failure: PlainFormFailure = { code: bodyCode(refused) };
  if (refused.details.file !== undefined) failure.file = refused.details.file;
  return { status: refused.status, failure };
}

/** A report whose fields are wrong: shown with its problems, at the first step that has one. */
class InvalidReport extends Error {}

/**
 * The report and contact forms posted without JavaScript (decision 0021), to the page's own
 * address. The body is read and checked here, with the API's schemas, limits and file checks;
 * what to show (the next step, the problems, the receipt) goes to the page's action through the
 * request context, and React Router renders the page with it. Nothing is stored before the last
 * step is sent; earlier steps come back as hidden fields of the page.
 */
export function plainFormRoutes(services: SubmissionServices, logger: Logger, readiness?: Readiness): Router {
  const router = Router();

  /** The form token goes with the form page (as a cookie: the page itself comes from the cache). */
  router.get('/{*path}', (request, response, next) => {
    if (!FORM_PAGES.has(request.path)) return next();
    const cookie = services.formTokens.cookieFor(request.get('cookie'));
    if (cookie) response.append('Set-Cookie', cookie);
    next();
  });

  const answer =
    (handle: (request: Request, response: Response, language: Language) => Promise<PlainFormResult>) =>
    async (request: Request, response: Response, next: NextFunction) => {
      const language =
        REPORT_PATHS.get(request.path) ?? CONTACT_PATHS.get(request.path) ?? FOLLOW_UP_PATHS.get(request.path);
      if (!language) return next();
      // A POST answer carries what was typed, or a receipt: never kept by any cache.
      response.set('Cache-Control', 'no-store');
      // Every post of these forms, from this address, before its body is read or a page rendered:
      // a flood of replays gets a short page, not the form rendered again each time (decision 0033).
      const posts = await services.limits.takePlainFormPost(request.ip).catch(() => ({ allowed: true as const }));
      if (!posts.allowed) return refuseTooManyPosts(response, language, posts.retryAfterSeconds);
      const result = await handle(request, response, language);
      countSubmission(services, result);
      if (response.headersSent) return; // answered already (a redirect)
      response.locals.plainForm = result;
      next();
    };

  router.post(
    [...REPORT_PATHS.keys()],
    answer(async (request, response, language) => {
      const startAgain = (failure: PlainFormFailure): ReportFormAnswer => ({
        form: 'report',
        state: 'editing',
        step: 0,
        values: reportValuesFromForm({}),
        failure,
      });

      const submission = startSubmission(services, request, response, 'report');
      let body: Awaited<ReturnType<typeof readPlainForm>>;
      try {
        // Files are kept only on the last step, whose step field comes first in the form.
        body = await submission.size(
          (source) =>
            readPlainForm(source, {
              withFiles: true,
              filesOnlyWhen: { field: STEP_FIELD, value: String(LAST_STEP) },
            }),
          readiness,
        );
      } catch (error) {
        // Nothing of the body could be read (far too large, or broken): the form starts again.
        const { status, failure } = failureAnswer(error, logger, response);
        return { status, answer: startAgain(failure) };
      }
      const { fields, files, fileProblem } = body;
      const values = reportValuesFromForm(fields);
      const shown = Math.min(Math.max(Number.parseInt(fields[STEP_FIELD] ?? '0', 10) || 0, 0), LAST_STEP);
      const intent = fields[INTENT_FIELD] ?? '';
      const fileNames = files.map((file) => file.fileName);

      // The report's submission key (decision 0025) travels as a hidden field from the first
      // answer on: the same report sent twice (a reload, a second press after a lost answer) is
      // kept once. The cached first step has none; the server gives it with the second.
      const given = readSubmissionKey(fields[SUBMISSION_KEY_FIELD]);
      const key = given === undefined || given === 'invalid' ? newSubmissionKey() : given;
      const editing = (
        step: number,
        values: ReportFormValues,
        extra: Partial<Extract<ReportFormAnswer, { state: 'editing' }>> = {},
      ): ReportFormAnswer => ({ form: 'report', state: 'editing', step, values, submissionKey: key, ...extra });

      // Back: nothing is checked, nothing is lost.
      if (intent === 'previous') return { status: 200, answer: editing(Math.max(shown - 1, 0), values) };
      const goTo = /^step-([0-9])$/.exec(intent);
      if (goTo && Number(goTo[1]) < shown) return { status: 200, answer: editing(Number(goTo[1]), values) };

      const validation = validateReport(reportInputFromValues(values, language));
      const errors = validation.success ? {} : validation.errors;
      if (shown < LAST_STEP) {
        // The steps so far must be right before the next one opens, as with JavaScript.
        const upToHere = REPORT_FORM_STEPS.slice(0, shown + 1).flatMap((step) => step.fields);
        const problems = only(errors, upToHere);
        if (Object.keys(problems).length > 0) {
          return { status: 400, answer: editing(reportStepOf(Object.keys(problems)), values, { errors: problems }) };
        }
        return { status: 200, answer: editing(shown + 1, values) };
      }

      try {
        // The same report sent before (its answer lost, or the page sent again): the first answer,
        // without the form token, which the first try spent; the try counts against the limit.
        const earlier = given === key ? await findEarlierReport(services, key) : undefined;
        if (earlier) {
          await submission.drainRepeat('report');
          return { status: 200, answer: sentAnswer(earlier.receipt) };
        }
        // The pipeline's stages (submission-pipeline.ts): the person's own mistakes first, which
        // cost them nothing; then the form token spent once and the limit; then the files.
        const report = await submission.validate(() => {
          if (!validation.success) throw new InvalidReport();
          if (fileProblem)
            throw new AppError(fileProblem.code, 'file' in fileProblem ? { file: fileProblem.file } : {});
          return validation.data;
        }, files);
        await submission.formToken();
        await submission.rateLimit();
        const attachments = await submission.files();
        const { receipt, repeated, isQuarantined } = await submission.store(
          fields[HONEYPOT_FIELD],
          async ({ isQuarantined }) => ({
            ...(await submitReport(services, report, attachments, { isQuarantined, spamCheck: 'form-token', key })),
            isQuarantined,
          }),
        );
        if (!isQuarantined && !repeated) services.notifications.kick();
        return { status: 200, answer: sentAnswer(receipt) };
      } catch (error) {
        if (error instanceof InvalidReport) {
          return { status: 400, answer: editing(reportStepOf(Object.keys(errors)), values, { errors }) };
        }
        const { status, failure } = failureAnswer(error, logger, response);
        return { status, answer: editing(LAST_STEP, values, { failure, fileNames }) };
      }
    }),
  );

  router.post(
    [...CONTACT_PATHS.keys()],
    answer(async (request, response, language) => {
      const submission = startSubmission(services, request, response, 'message');
      let fields: Record<string, string> = {};
      try {
        ({ fields } = await submission.size((source) => readPlainForm(source, { withFiles: false }), readiness));
        const values = contactValuesFromForm(fields);
        const validation = validateContactMessage({ language, ...values });
        if (!validation.success) {
          const answer: ContactFormAnswer = { form: 'contact', state: 'editing', values, errors: validation.errors };
          return { status: 400, answer };
        }
        const contact = await submission.validate(() => validation.data);
        await submission.formToken();
        await submission.rateLimit();
        const isQuarantined = await submission.store(fields[HONEYPOT_FIELD], async ({ isQuarantined }) => {
          await submitContactMessage(services, contact, { isQuarantined, spamCheck: 'form-token' });
          return isQuarantined;
        });
        if (!isQuarantined) services.notifications.kick();
        return { status: 200, answer: { form: 'contact', state: 'sent' } };
      } catch (error) {
        const { status, failure } = failureAnswer(error, logger, response);
        return {
          status,
          answer: { form: 'contact', state: 'editing', values: contactValuesFromForm(fields), failure },
        };
      }
    }),
  );

  router.post(
    [...FOLLOW_UP_PATHS.keys()],
    answer(async (request, response, language) => {
      const page = localizedPath('followUp', language);
      let body: Awaited<ReturnType<typeof readPlainForm>> | undefined;
      const fields = () => body?.fields ?? {};
      const receiptForm = (
        extra: Partial<Extract<FollowUpFormAnswer, { state: 'receipt' }>> = {},
      ): FollowUpFormAnswer => ({
        form: 'followUp',
        state: 'receipt',
        receipt: fields().receipt ?? '',
        ...extra,
      });
      const replyForm = (extra: Partial<Extract<FollowUpFormAnswer, { state: 'reply' }>> = {}): FollowUpFormAnswer => ({
        form: 'followUp',
        state: 'reply',
        message: fields().message ?? '',
        ...extra,
      });
      let intent = '';
      try {
        const submission = startSubmission(services, request, response, 'reply');
        body = await submission.size((source) => readPlainForm(source, { withFiles: true }), readiness);
        intent = body.fields[INTENT_FIELD] ?? '';
        if (intent === 'reply') {
          const { fileProblem } = body;
          const message = (body.fields.message ?? '').trim();
          const problem = followUpMessageProblem(message);
          if (problem) return { status: 400, answer: replyForm({ errors: { message: problem } }) };
          await submission.validate(() => {
            if (fileProblem)
              throw new AppError(fileProblem.code, 'file' in fileProblem ? { file: fileProblem.file } : {});
          }, body.files);
          // The session cookie is what lets a reporter write here, with or without JavaScript.
          await submission.session();
          await submission.rateLimit();
          const attachments = await submission.files();
          await submission.store(undefined, () =>
            services.followUp.reply(request.get('cookie') ?? null, message, attachments),
          );
          services.notifications.kick();
          // Back to the thread with a plain GET, so that reloading the page sends nothing twice.
          response.redirect(303, `${page}?sent=1`);
          return { status: 303, answer: replyForm() };
        }
        // The receipt: each try is counted per address before anything is hashed (a right one
        // gives its try back), and past the limit nothing is hashed.
        const receipt = normaliseReceipt(body.fields.receipt);
        if (!receipt) {
          const code = (body.fields.receipt ?? '').trim() ? 'invalidReceipt' : 'required';
          return { status: 400, answer: receiptForm({ errors: { receipt: code } }) };
        }
        // The form token stands in for ALTCHA's proof of work, as on the other forms.
        await spendFormToken(services, request, response);
        const limit = await services.followUpLimits.takeReceiptAttempt(request.ip);
        if (!limit.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: limit.retryAfterSeconds });
        const opened = await services.followUp.open(receipt);
        await services.followUpLimits.returnReceiptAttempt(request.ip);
        response.append('Set-Cookie', opened.setCookie);
        // A message written before the session ended came along as a hidden field: the thread is
        // rendered at once for the new session (the page reads it from the context, not from a
        // rewritten request header), with the message in its form. Otherwise back to the thread
        // with a plain GET.
        if ((body.fields.message ?? '').trim()) {
          return { status: 200, answer: replyForm(), followUpCookie: opened.setCookie.split(';', 1)[0] };
        }
        response.redirect(303, page);
        return { status: 303, answer: receiptForm() };
      } catch (error) {
        const { status, failure } = failureAnswer(error, logger, response);
        const fileNames = body?.files.map((file) => file.fileName);
        return { status, answer: intent === 'reply' ? replyForm({ failure, fileNames }) : receiptForm({ failure }) };
      }
    }),
  );

  return router;
}

/** A refused post's body is drained up to this size (a form's steps); a larger one is not read. */
const DRAIN_AT_MOST_BYTES = 256 * 1024;

/**
 * The short answer past the limit of posts: a small page in the form's language, sent without
 * reading more than a small body (a larger one closes the connection). What the person typed is still on the page
 * they came from: the browser's Back button brings it back.
 */
function refuseTooManyPosts(response: Response, language: Language, retryAfterSeconds: number) {
  const { forms } = resources[language].forms;
  const { dir } = LANGUAGES.find((candidate) => candidate.code === language) ?? { dir: 'ltr' };
  const html =
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(forms.submitFailed)}</title></head><body><main><h1>${escapeHtml(forms.submitFailed)}</h1>` +
    `<p role="alert">${escapeHtml(forms.tooManyPosts)}</p></main></body></html>`;
  response.status(429).set('Retry-After', String(retryAfterSeconds));
  // A small body is drained (the connection stays open for the next page); a large one is not read.
  const declared = Number(response.req.headers['content-length'] ?? Number.POSITIVE_INFINITY);
  if (declared <= DRAIN_AT_MOST_BYTES) response.req.resume();
  else response.set('Connection', 'close');
  response.type('html').send(html);
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
