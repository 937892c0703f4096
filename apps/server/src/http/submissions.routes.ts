import { AppError } from '@app/core/errors/app-error';
import { validateContactMessage } from '@app/core/forms/contact.schema';
import { MAX_CONTACT_BODY_BYTES } from '@app/core/forms/limits';
import { validateReport } from '@app/core/forms/report.schema';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { Logger } from '../logger.ts';
import { submitContactMessage } from '../services/intake/submit-contact-message.ts';
import { findEarlierReport, submitReport } from '../services/intake/submit-report.ts';
import { sendFailure } from './api-error.ts';
import type { Readiness } from './health.routes.ts';
import { readReportUpload } from './multipart.ts';
import {
  guarded,
  HONEYPOT_FIELD,
  parsePayload,
  type SubmissionServices,
  startSubmission,
  submissionKeyOf,
} from './submission-pipeline.ts';

/**
 * The answer to a second try of a report: the first one, its receipt included while the
 * reporter has not used it (then only that the report was received).
 */
function repeatReport(response: Response, receipt: string | undefined) {
  response.set('Idempotent-Replayed', 'true');
  response.status(201).json(receipt ? { ok: true, receipt } : { ok: true });
}

/** The API of the forms with JavaScript: reports and contact messages, through the pipeline. */
export function submissionRoutes(services: SubmissionServices, logger: Logger, readiness?: Readiness): Router {
  const router = Router();

  router.get('/api/altcha/challenge', async (_request, response, next) => {
    try {
      // Past the global ceiling of submissions, the proof of work is harder (finding 8).
      const harder = await services.limits.isPastCeiling();
      response.set('Cache-Control', 'no-store').json(await services.altcha.createChallenge({ harder }));
    } catch (error) {
      next(error);
    }
  });

  router.post(
    '/api/reports',
    guarded(
      async (request, response) => {
        const submission = startSubmission(services, request, response, 'report');
        const key = submissionKeyOf(request);
        // A second try of a report already kept: the first answer. Its body is drained, not
        // kept, and the try counts against the address's limit (the proof of work was spent).
        const earlier = key ? await findEarlierReport(services, key) : undefined;
        if (earlier) {
          await submission.drainRepeat('report');
          return repeatReport(response, earlier.receipt);
        }
        const { fields, files } = await submission.size(readReportUpload, readiness);
        const report = await submission.validate(() => {
          const validation = validateReport(parsePayload(fields.payload));
          if (!validation.success) throw new AppError('VALIDATION_FAILED', { fields: validation.errors });
          return validation.data;
        }, files);
        await submission.proofOfWork(fields.altcha);
        await submission.rateLimit();
        const attachments = await submission.files();
        const { receipt, repeated, isQuarantined } = await submission.store(
          fields[HONEYPOT_FIELD],
          async ({ isQuarantined }) => ({
            ...(await submitReport(services, report, attachments, { isQuarantined, key })),
            isQuarantined,
          }),
        );
        if (repeated) return repeatReport(response, receipt);
        if (!isQuarantined) services.notifications.kick();
        // The receipt is not logged; it is kept only sealed under the submission key, for a second
        // try of this report within a day (decision 0025).
        response.status(201).json({ ok: true, receipt });
      },
      logger,
      { metrics: services.metrics, kind: 'report' },
    ),
  );

  router.post(
    '/api/contact-messages',
    guarded(
      async (request, response) => {
        const submission = startSubmission(services, request, response, 'message');
        // The JSON body was read by jsonBodyParser, within its cap: the size stage checks its type.
        const body = await submission.size(async () => {
          if (!request.is('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
          const parsed = request.body as Record<string, unknown> | undefined;
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
            throw new AppError('INVALID_PAYLOAD');
          }
          return parsed;
        }, readiness);
        const { altcha, [HONEYPOT_FIELD]: honeypot, message, ...unknown } = body;
        const contact = await submission.validate(() => {
          if (Object.keys(unknown).length > 0) {
            throw new AppError('VALIDATION_FAILED', {
              fields: Object.fromEntries(Object.keys(unknown).map((key) => [key, 'unknownField'])),
            });
          }
          const validation = validateContactMessage(message);
          if (!validation.success) throw new AppError('VALIDATION_FAILED', { fields: validation.errors });
          return validation.data;
        });
        await submission.proofOfWork(altcha);
        await submission.rateLimit();
        const isQuarantined = await submission.store(honeypot, async ({ isQuarantined }) => {
          await submitContactMessage(services, contact, { isQuarantined });
          return isQuarantined;
        });
        if (!isQuarantined) services.notifications.kick();
        response.status(201).json({ ok: true });
      },
      logger,
      { metrics: services.metrics, kind: 'message' },
    ),
  );

  return router;
}

/** JSON bodies of the small public endpoints: small, strict, and a malformed one is a 400 with a code. */
export function jsonBodyParser() {
  const parse = express.json({ limit: MAX_CONTACT_BODY_BYTES, strict: true });
  return (request: Request, response: Response, next: NextFunction) =>
    parse(request, response, (error?: unknown) => {
      if (!error) return next();
      const tooLarge = (error as { status?: number }).status === 413;
      response.set('Cache-Control', 'no-store');
      sendFailure(response, new AppError(tooLarge ? 'BODY_TOO_LARGE' : 'INVALID_PAYLOAD'));
    });
}
