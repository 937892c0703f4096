import { AppError, isAppError } from '@app/core/errors/app-error';
import type { NextFunction, Request, Response } from 'express';
import { readSubmissionKey } from '../crypto/submission-keys.ts';
import type { Logger } from '../logger.ts';
import type { NotificationWorker } from '../mail/notifications.ts';
import type { SubmissionKind as MetricKind, Metrics } from '../monitoring/metrics.ts';
import type { FollowUpService } from '../services/follow-up/follow-up.ts';
import type { FollowUpLimits } from '../services/follow-up/follow-up-limits.ts';
import type { AltchaService } from '../services/intake/altcha.ts';
import type { FormTokens } from '../services/intake/form-token.ts';
import type { SubmissionLimits } from '../services/intake/submission-limits.ts';
import type { ReportDependencies } from '../services/intake/submit-report.ts';
import { AttachmentError, type CheckedAttachment, checkAttachment, cleanAttachment } from '../uploads/attachment.ts';
import { type FileWorkQueue, FileWorkQueueFull } from '../uploads/file-work-queue.ts';
import { isDatabaseUnavailable, sendFailure } from './api-error.ts';
import type { Readiness } from './health.routes.ts';
import type { UploadedFile } from './multipart.ts';

/**
 * One pipeline for every public submission (a report, a contact message, a reporter's reply), with
 * JavaScript (the API) and without (the pages' own forms): the same named stages, in one order,
 * enforced here (decision 0031). The origin was checked before any route ran (same-origin.ts).
 *
 * 1. `size`: the body's declared and streamed size, within the caps of what is sent; nothing is
 *    decoded. A repeat of a submission already kept is drained without keeping (`drainRepeat`).
 * 2. `validate`: the fields, and the files' cheap checks (type from their first bytes, name):
 *    a person's own mistake costs them neither their proof of work nor their hourly limit.
 * 3. `anti-abuse`: ALTCHA's proof of work, or the form token without JavaScript, spent once.
 * 4. `session`: a reporter's reply needs a live follow-up session (it is the reply's stage 3 too:
 *    the session, opened with a receipt and a proof of work, stands for the proof of work).
 * 5. `rate-limit`: the address's hourly limit (IPv6 by its /64); past the global ceiling the
 *    submission is kept in quarantine rather than refused.
 * 6. `files`: decoding and cleaning, in the bounded file work queue (503 when it is full).
 * 7. `store`: one transaction (the services).
 *
 * Every stage checks that the ones before it ran: expensive work can no longer come before a cheap
 * check by a change of order in one route (security review 2026-11-26, finding 1).
 */
export const SUBMISSION_STAGES = ['size', 'validate', 'anti-abuse', 'session', 'rate-limit', 'files', 'store'] as const;
export type SubmissionStage = (typeof SUBMISSION_STAGES)[number];

export type SubmissionKind = 'report' | 'message' | 'reply';

/** A programming error: a stage called before one that must come first. Answered 500, logged. */
export class StageOrderError extends Error {
  constructor(stage: SubmissionStage, missing: SubmissionStage) {
    super(`the ${stage} stage of a submission ran before its ${missing} stage`);
    this.name = 'StageOrderError';
  }
}

/** The hidden field that people never see and bots fill in (one name for the page and the server). */
export { HONEYPOT_FIELD } from '@app/core/forms/form-rules';
/** The header that carries a submission key (an idempotency key) with a report or a message. */
export const SUBMISSION_KEY_HEADER = 'Idempotency-Key';
const RETRY_AFTER_DRAINING_SECONDS = 10;
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 30;

/** What the stages use: the anti-abuse checks, the limits, the reply's session and the file work queue. */
export type PipelineServices = {
  altcha: AltchaService;
  formTokens: FormTokens;
  limits: SubmissionLimits;
  followUpLimits: FollowUpLimits;
  followUp: FollowUpService;
  fileWork: FileWorkQueue;
};

/**
 * What a route that takes submissions to the end needs: the stages, what stores a report or a
 * message (`ReportDependencies` holds the contact message's too), the outbox's nudge and the metrics.
 */
export type SubmissionServices = PipelineServices &
  ReportDependencies & { notifications: Pick<NotificationWorker, 'kick'>; metrics: Metrics };

/**
 * One submission going through the stages. `withoutCheck`: sent without JavaScript (a form token
 * instead of the proof of work, under the lower ceiling of decision 0021).
 */
export class Submission {
  readonly kind: SubmissionKind;
  private readonly done = new Set<SubmissionStage>();
  private readonly services: PipelineServices;
  private readonly request: Request;
  private readonly response: Response;
  private checkedFiles: CheckedAttachment[] = [];
  private quarantined = false;
  private withoutCheck = false;

  constructor(services: PipelineServices, request: Request, response: Response, kind: SubmissionKind) {
    this.services = services;
    this.request = request;
    this.response = response;
    this.kind = kind;
  }

  /** Marks a stage done, after checking that every stage it needs came first. */
  private reach(stage: SubmissionStage) {
    const needs: Record<SubmissionStage, readonly SubmissionStage[]> = {
      size: [],
      validate: ['size'],
      'anti-abuse': ['size', 'validate'],
      'rate-limit': ['size', 'validate', 'anti-abuse'],
      session: ['size', 'validate'],
      files: ['size', 'validate', 'anti-abuse', 'rate-limit', ...(this.kind === 'reply' ? ['session' as const] : [])],
      store: ['size', 'validate', 'anti-abuse', 'rate-limit', ...(this.kind === 'reply' ? ['session' as const] : [])],
    };
    const missing = needs[stage].find((earlier) => !this.done.has(earlier));
    if (missing) throw new StageOrderError(stage, missing);
    if (stage === 'store' && this.checkedFiles.length > 0 && !this.done.has('files')) {
      throw new StageOrderError(stage, 'files');
    }
    this.done.add(stage);
  }

  /** 1. Reads the body with the reader of its kind (each enforces its caps while streaming). */
  async size<Body>(read: (request: Request) => Promise<Body>, readiness?: Readiness): Promise<Body> {
    // Shutting down: refused before anything is read or written; the client tries again.
    if (readiness?.draining)
      throw new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: RETRY_AFTER_DRAINING_SECONDS });
    const body = await read(this.request);
    this.reach('size');
    return body;
  }

  /**
   * 1, for a repeat of a submission already kept (decision 0025): the body is drained, not kept,
   * and the repeat still counts against the address's limit (finding 2). Answer with the first
   * answer after this.
   */
  async drainRepeat(kind: 'report' | 'message'): Promise<void> {
    this.request.resume();
    const decision = await this.services.limits.consume(kind, this.request.ip);
    if (!decision.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: decision.retryAfterSeconds });
  }

  /**
   * 2. Validates what was read: `check` throws an AppError for the fields; each file gets its
   * cheap checks (a bad one is named by its position in the form).
   */
  async validate<Value>(check: () => Value, files: readonly UploadedFile[] = []): Promise<Value> {
    const value = check();
    const checked: CheckedAttachment[] = [];
    for (const [index, file] of files.entries()) {
      try {
        checked.push(await checkAttachment(file.data, file.fileName));
      } catch (error) {
        if (error instanceof AttachmentError) throw new AppError(error.code, { file: index });
        throw error;
      }
    }
    this.checkedFiles = checked;
    this.reach('validate');
    return value;
  }

  /** 3, with JavaScript: ALTCHA's proof of work, verified and spent once on every instance. */
  async proofOfWork(payload: unknown): Promise<void> {
    if (!(await this.services.altcha.verify(payload))) throw new AppError('ALTCHA_FAILED');
    this.reach('anti-abuse');
  }

  /**
   * 3, without JavaScript: the form token, which must be signed, some seconds old, and not used
   * before; spent here, once on every instance. A refused one is replaced at once, so that pressing
   * Send again (after the few seconds) goes through; the answer always carries the next one.
   */
  async formToken(): Promise<void> {
    await spendFormToken(this.services, this.request, this.response);
    this.withoutCheck = true;
    this.reach('anti-abuse');
  }

  /** 5. The address's hourly limit; past the global ceiling, quarantine instead of refusal. */
  async rateLimit(): Promise<void> {
    if (this.kind === 'reply') {
      const limit = await this.services.followUpLimits.takeReply(this.request.ip);
      if (!limit.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: limit.retryAfterSeconds });
    } else {
      const decision = await this.services.limits.consume(this.kind, this.request.ip, {
        withoutCheck: this.withoutCheck,
      });
      if (!decision.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: decision.retryAfterSeconds });
      this.quarantined = decision.quarantine;
    }
    this.reach('rate-limit');
  }

  /**
   * 3 and 4, for a reporter's reply: the reporter's live follow-up session, checked before any of
   * its files is decoded. It stands for the proof of work too: only a reporter who opened their
   * report with its receipt (and a proof of work) has one.
   */
  async session(): Promise<void> {
    if (!(await this.services.followUp.hasSession(this.request.get('cookie') ?? null))) {
      throw new AppError('SESSION_ENDED');
    }
    this.reach('session');
    this.reach('anti-abuse');
  }

  /** 6. The files decoded and cleaned, one submission at a time per place in the queue. */
  async files() {
    this.reach('files');
    const checked = this.checkedFiles;
    if (checked.length === 0) return [];
    try {
      return await this.services.fileWork.run(async () => {
        const cleaned = [];
        for (const [index, file] of checked.entries()) {
          try {
            cleaned.push(await cleanAttachment(file));
          } catch (error) {
            if (error instanceof AttachmentError) throw new AppError(error.code, { file: index });
            throw error;
          }
        }
        return cleaned;
      });
    } catch (error) {
      if (error instanceof FileWorkQueueFull) {
        throw new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: error.retryAfterSeconds });
      }
      throw error;
    }
  }

  /**
   * 7. Stores it (one transaction, in the services). `honeypot`: the hidden field was filled. The
   * submission is kept in quarantine for that, or because the site is past its global ceiling.
   */
  async store<Result>(honeypot: unknown, write: (options: { isQuarantined: boolean }) => Promise<Result>) {
    this.reach('store');
    return write({ isQuarantined: Boolean(honeypot) || this.quarantined });
  }
}

/**
 * Spends the request's form token (decision 0021) once on every instance, or refuses it
 * (FORM_EXPIRED). A refused one is replaced at once, so that pressing Send again (after the few
 * seconds) goes through; the answer always carries the next one, except for a token only a few
 * seconds too young, which is kept: it will be old enough at the next press.
 */
export async function spendFormToken(
  services: Pick<PipelineServices, 'formTokens'>,
  request: Request,
  response: Response,
) {
  const { formTokens } = services;
  const state = await formTokens.spend(request.get('cookie'));
  if (state !== 'too-fresh') response.append('Set-Cookie', formTokens.cookieFor(undefined, { renew: true }) ?? '');
  if (state !== 'ok') throw new AppError('FORM_EXPIRED');
}

/** Starts one submission through the pipeline. */
export const startSubmission = (
  services: PipelineServices,
  request: Request,
  response: Response,
  kind: SubmissionKind,
): Submission => new Submission(services, request, response, kind);

/** The request's submission key (header), if any; a malformed one is refused. */
export function submissionKeyOf(request: Request): string | undefined {
  const key = readSubmissionKey(request.get(SUBMISSION_KEY_HEADER));
  if (key === 'invalid') throw new AppError('INVALID_PAYLOAD');
  return key;
}

export function parsePayload(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    throw new AppError('INVALID_PAYLOAD');
  }
}

/** A failure as a code and a status: ours to answer; anything else is logged and answered 500. */
export function failureOf(error: unknown, logger: Logger): AppError {
  if (isAppError(error)) return error;
  if (error instanceof AttachmentError) return new AppError(error.code);
  if (isDatabaseUnavailable(error)) {
    logger.warn('a submission was refused: the database is unavailable');
    return new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS });
  }
  logger.error({ err: { name: (error as Error)?.name, message: (error as Error)?.message } }, 'a submission failed');
  return new AppError('INTERNAL');
}

export type Handler = (request: Request, response: Response) => Promise<void>;

/**
 * An API route of the pipeline: every failure becomes an error code; never a stack trace, never a
 * false success. Counted in the metrics when `counted` says what it is.
 */
export function guarded(handler: Handler, logger: Logger, counted?: { metrics: Metrics; kind: MetricKind }) {
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
      const failure = failureOf(error, logger);
      // A body too large to be worth reading ends the connection (the header must go before the
      // answer). Other refusals come within the body limit: Node drains the rest, so the browser
      // reads the answer and can say what was wrong, instead of seeing a broken connection.
      if (!request.complete && failure.code === 'BODY_TOO_LARGE') response.set('Connection', 'close');
      sendFailure(response, failure);
    }
  };
}
