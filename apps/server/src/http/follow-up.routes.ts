import { AppError } from '@app/core/errors/app-error';
import type { FieldErrors } from '@app/core/errors/field-errors';
import { normaliseReceipt } from '@app/core/forms/follow-up';
import { followUpMessageProblem } from '@app/core/forms/form-rules';
import { isLanguage, languagePrefix } from '@app/locales/languages';
import express, { Router } from 'express';
import type { Logger } from '../logger.ts';
import type { ReplyNotices } from '../services/follow-up/reply-notices.ts';
import type { Readiness } from './health.routes.ts';
import { readReportUpload } from './multipart.ts';
import {
  guarded,
  type PipelineServices,
  parsePayload,
  type SubmissionServices,
  startSubmission,
  submissionKeyOf,
} from './submission-pipeline.ts';

/** The follow-up page's API: the stages (the reply's session among them), the outbox's nudge, the metrics. */
export type FollowUpRouteServices = PipelineServices &
  Pick<SubmissionServices, 'notifications' | 'metrics'> & { replyNotices: Pick<ReplyNotices, 'set' | 'stop'> };

/**
 * The reporter's side of the follow-up thread: open a report with its receipt, write to staff
 * (with files, under the report form's rules), and close the session. The page itself is
 * `routes/public/follow-up.tsx`; it reads the thread through the request context.
 */
export function followUpRoutes(services: FollowUpRouteServices, logger: Logger, readiness?: Readiness): Router {
  const router = Router();

  router.post(
    '/api/follow-up/open',
    guarded(async (request, response) => {
      // Each try is counted per address before anything is hashed; a right receipt gives its try
      // back. Past the limit, nothing is even hashed.
      const limit = await services.followUpLimits.takeReceiptAttempt(request.ip);
      if (!limit.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: limit.retryAfterSeconds });
      const body = request.body as Record<string, unknown> | undefined;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('INVALID_PAYLOAD');
      if (!(await services.altcha.verify(body.altcha))) throw new AppError('ALTCHA_FAILED');
      const receipt = normaliseReceipt(body.receipt);
      if (!receipt) throw new AppError('VALIDATION_FAILED', { fields: { receipt: 'invalidReceipt' } });
      // One answer for every wrong receipt (RECEIPT_NOT_RECOGNISED), after the same work and time.
      const opened = await services.followUp.open(receipt);
      await services.followUpLimits.returnReceiptAttempt(request.ip);
      response.append('Set-Cookie', opened.setCookie).status(200).json({ ok: true });
    }, logger),
  );

  router.post(
    '/api/follow-up/messages',
    guarded(
      async (request, response) => {
        const submission = startSubmission(services, request, response, 'reply');
        const key = submissionKeyOf(request);
        const { fields, files } = await submission.size(readReportUpload, readiness);
        const message = await submission.validate(() => {
          const payload = parsePayload(fields.payload) as Record<string, unknown> | null;
          if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
            throw new AppError('INVALID_PAYLOAD');
          }
          const { message: raw, ...unknown } = payload;
          const text = typeof raw === 'string' ? raw.trim() : '';
          const problems: FieldErrors = Object.fromEntries(Object.keys(unknown).map((name) => [name, 'unknownField']));
          const problem = followUpMessageProblem(text);
          if (problem) problems.message = problem;
          if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', { fields: problems });
          return text;
        }, files);
        // The follow-up session stands for the proof of work: only a reporter who opened their
        // report with its receipt (after a proof of work) can write here.
        await submission.session();
        await submission.rateLimit();
        const attachments = await submission.files();
        const result = await submission.store(undefined, () =>
          services.followUp.reply(request.get('cookie') ?? null, message, attachments, key),
        );
        // A second try of a message already kept (decision 0025) gets the first answer.
        if (result.repeated) response.set('Idempotent-Replayed', 'true');
        else services.notifications.kick();
        response.status(201).json({ ok: true });
      },
      logger,
      { metrics: services.metrics, kind: 'reply' },
    ),
  );

  // A plain form (it works without JavaScript): ends the session, then back to the page.
  router.post(
    '/api/follow-up/close',
    express.urlencoded({ extended: false, limit: 1024 }),
    guarded(async (request, response) => {
      const clearCookie = await services.followUp.close(request.get('cookie') ?? null);
      const language = (request.body as Record<string, unknown> | undefined)?.language;
      const prefix = isLanguage(language) ? languagePrefix(language) : '';
      response.append('Set-Cookie', clearCookie).redirect(303, `${prefix}/follow-up?closed=1`);
    }, logger),
  );

  // A plain form too: turns the reply notice on (an address and a sender name) or off, then back
  // to the page, which says which (decision 0041). Without a live session, the page asks for the receipt.
  router.post(
    '/api/follow-up/reply-notice',
    express.urlencoded({ extended: false, limit: 2048 }),
    guarded(async (request, response) => {
      const { body, language, page } = followUpFormOf(request);
      const reportId = await services.followUp.reportOf(request.get('cookie') ?? null);
      if (!reportId) return response.redirect(303, page);
      if (body.intent === 'stop') {
        await services.replyNotices.stop(reportId);
        return response.redirect(303, `${page}?notice=off`);
      }
      const input = { address: String(body.address ?? ''), sender: String(body.sender ?? '') };
      try {
        await services.replyNotices.set(reportId, input, language);
      } catch (error) {
        if (error instanceof AppError && error.code.startsWith('followUp.NOTICE_')) {
          return response.redirect(303, `${page}?noticeError=${error.code.slice('followUp.'.length)}`);
        }
        throw error;
      }
      return response.redirect(303, `${page}?notice=on`);
    }, logger),
  );

  // Plain forms too (decision 0046): the reporter withdraws their consent to pass the report on,
  // or asks for its erasure, having ticked that they understand what it means; back to the page,
  // which says it was recorded. Without a live session, the page asks for the receipt.
  const reporterRequests = { 'consent-withdrawal': 'withdraw-consent', 'erasure-request': 'erasure' } as const;
  for (const [path, kind] of Object.entries(reporterRequests)) {
    router.post(
      `/api/follow-up/${path}`,
      express.urlencoded({ extended: false, limit: 1024 }),
      guarded(async (request, response) => {
        const { body, page } = followUpFormOf(request);
        if (body.confirm !== 'yes') return response.redirect(303, `${page}?requestError=${kind}#your-choices`);
        const recorded = await services.followUp.request(request.get('cookie') ?? null, kind);
        if (recorded) services.notifications.kick();
        return response.redirect(303, recorded ? `${page}?requested=${kind}#your-choices` : page);
      }, logger),
    );
  }

  // The support question (decision 0053): the reporter's answer 1 to 5 and optional words. A plain
  // form (without JavaScript: back to the page, which says it was received or shows the refusal's
  // code), or JSON through the API (the answer or the error's code).
  router.post(
    '/api/follow-up/support-answer',
    express.urlencoded({ extended: false, limit: 8192 }),
    guarded(async (request, response) => {
      const { body, page } = followUpFormOf(request);
      const cookie = request.get('cookie') ?? null;
      if (request.is('application/json')) {
        await services.followUp.answerSupport(cookie, { rating: body.rating, words: body.words });
        response.status(200).json({ ok: true });
        return;
      }
      try {
        await services.followUp.answerSupport(cookie, { rating: body.rating, words: body.words });
      } catch (error) {
        if (error instanceof AppError && error.code === 'SESSION_ENDED') return response.redirect(303, page);
        if (error instanceof AppError && error.code.startsWith('followUp.SUPPORT_')) {
          const code = error.code.slice('followUp.'.length);
          response.redirect(303, `${page}?supportError=${code}#support-question`);
          return;
        }
        throw error;
      }
      response.redirect(303, `${page}?support=answered#support-question`);
    }, logger),
  );

  return router;
}

/**
 * A plain form posted from the follow-up page: its fields, its language (English when it names
 * none), and the page to go back to in that language.
 */
function followUpFormOf(request: express.Request) {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const language = isLanguage(body.language) ? body.language : 'en';
  return { body, language, page: `${languagePrefix(language)}/follow-up` };
}
