import { STATUS_CODES } from 'node:http';
import { AppError, isAppError } from '@app/core/errors/app-error';
import { errorCodeForStatus } from '@app/core/errors/error-codes';
import type { NextFunction, Request, Response } from 'express';
import { type Logger, serializeError } from '../logger.ts';
import { bodyCode, type Failure, sendFailure } from './api-error.ts';

const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * An error answer: under /api the catalogue's (`sendFailure`: `{ error: { code, ...details } }`,
 * Retry-After), a line of plain text elsewhere. Never a stack, never an internal message.
 */
export function sendErrorAnswer(request: Request, response: Response, failure: Failure) {
  response.set('Cache-Control', 'no-store');
  if (API_PATH.test(request.originalUrl)) return sendFailure(response, failure);
  const shown = bodyCode(failure);
  if (failure.details?.retryAfterSeconds) response.set('Retry-After', String(failure.details.retryAfterSeconds));
  response
    .status(failure.status)
    .type('text/plain')
    .send(`${failure.status} ${STATUS_CODES[failure.status] ?? 'Error'} (${shown})`);
}

/**
 * A path that is not valid percent-encoding (`/%`, `/%E0%A4%A`), or that decodes to a control
 * character (`//%00`), names nothing on this site: 400 before any router, page cache or
 * React Router tries to decode it.
 */
export function isMalformedPath(url: string): boolean {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  try {
    return /\p{Cc}/u.test(decodeURIComponent(path));
  } catch {
    return true;
  }
}

export function refuseMalformedPaths(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!isMalformedPath(request.originalUrl)) return next();
    logger.info({ method: request.method }, 'refused a request whose path cannot be decoded');
    sendErrorAnswer(request, response, new AppError('BAD_REQUEST'));
  };
}

/** The 4xx status an error carries (body parsers, the router's URI errors), if it carries one. */
function clientErrorStatus(error: unknown): number | undefined {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 499 ? value : undefined;
}

/**
 * The last error handler. A failure of ours on purpose (an `AppError`: a refused permission,
 * nothing at that address) is answered with its code and status, logged as a warning; so is an
 * error that says the request was at fault (a 4xx status: the body parsers, the router), with the
 * general code of its status. Anything else is a 500 with a generic body, logged as an error.
 */
export function lastErrorHandler(logger: Logger) {
  return (error: unknown, request: Request, response: Response, _next: NextFunction) => {
    const failure = isAppError(error) ? error : undefined;
    const status = clientErrorStatus(error);
    if (failure) {
      logger.warn({ status: failure.status, code: failure.code }, 'refused a request');
    } else if (status) {
      const type = (error as { type?: unknown }).type;
      logger.warn({ status, type: typeof type === 'string' ? type : undefined }, 'refused a request it could not read');
    } else {
      // Through the logger's `err` serializer (logger.ts): name, code and message, never a bound value.
      logger.error({ err: serializeError(error) }, 'unhandled error while answering a request');
    }
    if (response.headersSent) return;
    // The general code of a status keeps the status the error carried (405 is answered BAD_REQUEST).
    sendErrorAnswer(
      request,
      response,
      failure ?? (status ? { status, code: errorCodeForStatus(status) } : new AppError('INTERNAL')),
    );
  };
}
