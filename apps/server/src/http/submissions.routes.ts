import { validateContactMessage } from '@app/core/contact.schema';
import { MAX_CONTACT_BODY_BYTES } from '@app/core/limits';
import { validateReport } from '@app/core/report.schema';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { readSubmissionKey } from '../crypto/submission-keys.ts';
import type { Logger } from '../logger.ts';
import type { Metrics, SubmissionKind } from '../monitoring/metrics.ts';
import { submitContactMessage } from '../services/contact.service.ts';
import { findEarlierReport, submitReport } from '../services/report.service.ts';
import type { Services } from '../services/services.ts';
import type { SubmissionKind as LimitKind } from '../services/submission-limits.ts';
import { AttachmentError, type PreparedAttachment, prepareAttachment } from '../uploads/attachment.ts';
import { ApiError, isDatabaseUnavailable, sendApiError } from './api-error.ts';
import { readReportUpload, type UploadedFile } from './multipart.ts';

/** The hidden field that people never see and bots fill in. */
export const HONEYPOT_FIELD = 'website';
const RETRY_AFTER_UNAVAILABLE_SECONDS = 30;

export type Handler = (request: Request, response: Response) => Promise<void>;

/** Turns every failure into an error code; never a stack trace, never a false success. */
export function guarded(handler: Handler, logger: Logger, counted?: { metrics: Metrics; kind: SubmissionKind }) {
  return async (request: Request, response: Response, _next: NextFunction) => {
    response.set('Cache-Control', 'no-store');
    if (counted) {
      // Accepted (stored, or a second try answered with the first) or refused, by error code.
      response.once('finish', () => {
        if (response.statusCode < 400) {
          const reason = response.get('Idempotent-Replayed') ? 'repeated' : 'stored';
          counted.metrics.submission(counted.kind, 'accepted', reason);
        } else {
          counted.metrics.submission(counted.kind, 'refused', String(response.locals.errorCode ?? response.statusCode));
        }
      });
    }
    try {
      await handler(request, response);
    } catch (error) {
      // A body too large to be worth reading ends the connection (the header must go before the
      // answer). Other refusals come within the body limit: Node drains the rest, so the browser
      // reads the answer and can say what was wrong, instead of seeing a broken connection.
      if (!request.complete && error instanceof ApiError && error.code === 'BODY_TOO_LARGE') {
        response.set('Connection', 'close');
      }
      if (error instanceof ApiError) return sendApiError(response, error);
      if (error instanceof AttachmentError) return sendApiError(response, new ApiError(error.code));
      if (isDatabaseUnavailable(error)) {
        logger.warn('a submission was refused: the database is unavailable');
        return sendApiError(
          response,
          new ApiError('SERVICE_UNAVAILABLE', { retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS }),
        );
      }
      logger.error({ err: { message: (error as Error).message } }, 'a submission failed');
      sendApiError(response, new ApiError('INTERNAL'));
    }
  };
}

async function checkLimits(services: Services, kind: LimitKind, request: Request) {
  const decision = await services.limits.consume(kind, request.ip);
  if (!decision.allowed) throw new ApiError('RATE_LIMITED', { retryAfterSeconds: decision.retryAfterSeconds });
}

export async function checkAltcha(services: Services, payload: unknown) {
  if (!(await services.altcha.verify(payload))) throw new ApiError('ALTCHA_FAILED');
}

export function parsePayload(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    throw new ApiError('INVALID_PAYLOAD');
  }
}

/** Checks and cleans every uploaded file; a bad one is named by its position in the form. */
export async function prepareAttachments(files: UploadedFile[]): Promise<PreparedAttachment[]> {
  const attachments: PreparedAttachment[] = [];
  for (const [index, file] of files.entries()) {
    try {
      attachments.push(await prepareAttachment(file.data, file.fileName));
    } catch (error) {
      if (error instanceof AttachmentError) throw new ApiError(error.code, { file: index });
      throw error;
    }
  }
  return attachments;
}

/** The header that carries a submission key (an idempotency key) with a report or a message. */
export const SUBMISSION_KEY_HEADER = 'Idempotency-Key';

/** The request's submission key, if any; a malformed one is refused. */
export function submissionKeyOf(request: Request): string | undefined {
  const key = readSubmissionKey(request.get(SUBMISSION_KEY_HEADER));
  if (key === 'invalid') throw new ApiError('INVALID_PAYLOAD');
  return key;
}

/**
 * The answer to a second try of a report: the first one, its receipt included while the
 * reporter has not used it (then only that the report was received).
 */
function repeatReport(response: Response, receipt: string | undefined) {
  response.set('Idempotent-Replayed', 'true');
  response.status(201).json(receipt ? { ok: true, receipt } : { ok: true });
}

export function submissionRoutes(services: Services, logger: Logger): Router {
  const router = Router();

  router.get('/api/altcha/challenge', async (_request, response, next) => {
    try {
      response.set('Cache-Control', 'no-store').json(await services.altcha.createChallenge());
    } catch (error) {
      next(error);
    }
  });

  router.post(
    '/api/reports',
    guarded(
      async (request, response) => {
        const key = submissionKeyOf(request);
        // A second try of a report already kept: the first answer, before any limit or proof of
        // work (both were spent by the first try). The body is read (and dropped) all the same.
        const earlier = key ? await findEarlierReport(services, key) : undefined;
        if (earlier) {
          await readReportUpload(request);
          return repeatReport(response, earlier.receipt);
        }
        await checkLimits(services, 'report', request);
        const { fields, files } = await readReportUpload(request);
        await checkAltcha(services, fields.altcha);
        const validation = validateReport(parsePayload(fields.payload));
        if (!validation.success) throw new ApiError('VALIDATION_FAILED', { fields: validation.errors });
        const attachments = await prepareAttachments(files);
        const isQuarantined = Boolean(fields[HONEYPOT_FIELD]);
        const { receipt, repeated } = await submitReport(services, validation.data, attachments, {
          isQuarantined,
          key,
        });
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
        await checkLimits(services, 'message', request);
        if (!request.is('application/json')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
        const body = request.body as Record<string, unknown> | undefined;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('INVALID_PAYLOAD');
        const { altcha, [HONEYPOT_FIELD]: honeypot, message, ...unknown } = body;
        if (Object.keys(unknown).length > 0) {
          throw new ApiError('VALIDATION_FAILED', {
            fields: Object.fromEntries(Object.keys(unknown).map((key) => [key, 'unknownField'])),
          });
        }
        await checkAltcha(services, altcha);
        const validation = validateContactMessage(message);
        if (!validation.success) throw new ApiError('VALIDATION_FAILED', { fields: validation.errors });
        const isQuarantined = Boolean(honeypot);
        await submitContactMessage(services, validation.data, { isQuarantined });
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
      sendApiError(response, new ApiError(tooLarge ? 'BODY_TOO_LARGE' : 'INVALID_PAYLOAD'));
    });
}
