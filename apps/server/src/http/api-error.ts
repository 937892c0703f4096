import { errorStatus, type ServerErrorCode } from '@app/core/error-codes';
import type { FieldErrors } from '@app/core/field-errors';
import type { Response } from 'express';

/**
 * An error the API answers with its code (the catalogue in packages/core/src/error-codes.ts) and
 * the status that code goes with.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ServerErrorCode;
  readonly details: { fields?: FieldErrors; file?: number; retryAfterSeconds?: number };
  constructor(code: ServerErrorCode, details: ApiError['details'] = {}) {
    super(code);
    this.name = 'ApiError';
    this.status = errorStatus(code);
    this.code = code;
    this.details = details;
  }
}

export function sendApiError(response: Response, error: ApiError) {
  if (error.details.retryAfterSeconds) response.set('Retry-After', String(error.details.retryAfterSeconds));
  const { retryAfterSeconds: _retry, ...details } = error.details;
  // For the metrics: a refusal counted by its code, a closed set (decision 0030).
  response.locals.errorCode = error.code;
  response.status(error.status).json({ error: { code: error.code, ...details } });
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
