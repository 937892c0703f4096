import type { AppError } from '@app/core/errors/app-error';
import { publicCode, type ServerErrorCode } from '@app/core/errors/error-codes';
import type { Response } from 'express';

/** A failure as the HTTP layer answers it: an `AppError`, or a status another part gave (a parser's 405). */
export type Failure = Pick<AppError, 'code' | 'status'> & { details?: AppError['details'] };

/** The code a body or a line of text names: the failure's own if it is the API's, else its status's. */
export function bodyCode(failure: Failure): ServerErrorCode {
  return publicCode(failure);
}

/**
 * The one answer of the API to a failure (docs/decisions/0034-one-error-model.md): the catalogue's
 * status for its code, the body `{ error: { code, ...details } }` (`fields`, `file`) and, for a
 * failure that says when to try again, the Retry-After header. A body carries the API's codes
 * only: a code of another section (a page's form rule that reached the API) goes out as the
 * general code of its status.
 */
export function sendFailure(response: Response, failure: Failure) {
  const { retryAfterSeconds, ...details } = failure.details ?? {};
  if (retryAfterSeconds) response.set('Retry-After', String(retryAfterSeconds));
  const code = bodyCode(failure);
  // For the metrics: a refusal counted by its code, a closed set (decision 0030).
  response.locals.errorCode = code;
  response.status(failure.status).json({ error: { code, ...details } });
}

/**
 * Errors that mean "the database cannot be reached" rather than "the query is wrong": network
 * errors (ENOENT is a Unix socket that is gone, as when the embedded server is stopped), and
 * PostgreSQL's shutdown and connection classes (57P0x, 08xxx).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'ENOENT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** True when the database could not be reached (as opposed to a query that is wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const candidate = error as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!candidate) return false;
  if (candidate.code && UNAVAILABLE_CODES.has(candidate.code)) return true;
  if (
    /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/i.test(candidate.message ?? '')
  ) {
    return true;
  }
  return candidate.cause ? isDatabaseUnavailable(candidate.cause) : false;
}
