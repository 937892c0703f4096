import { STATUS_CODES } from 'node:http';
import { errorBody, errorCodeForStatus, type ServerErrorCode } from '@app/core/error-codes';
import type { NextFunction, Request, Response } from 'express';
import { type Logger, serializeError } from '../logger.ts';

const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * An error answer with the catalogue's body: `{ error: { code } }` under /api, a line of plain text
 * elsewhere. Never a stack, never an internal message.
 */
export function sendErrorAnswer(request: Request, response: Response, status: number, code: ServerErrorCode) {
  response.status(status).set('Cache-Control', 'no-store');
  if (API_PATH.test(request.originalUrl)) response.json(errorBody(code));
  else response.type('text/plain').send(`${status} ${STATUS_CODES[status] ?? 'Error'} (${code})`);
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
    sendErrorAnswer(request, response, 400, 'BAD_REQUEST');
  };
}

/** The 4xx status an error carries (body parsers, the router's URI errors), if it carries one. */
function clientErrorStatus(error: unknown): number | undefined {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 499 ? value : undefined;
}

/**
 * The last error handler. An error that says the request was at fault (a 4xx status) keeps its
 * status and is logged as a warning; anything else is a 500 with a generic body, logged as an error.
 */
export function lastErrorHandler(logger: Logger) {
  return (error: unknown, request: Request, response: Response, _next: NextFunction) => {
    const status = clientErrorStatus(error);
    if (status) {
      const type = (error as { type?: unknown }).type;
      logger.warn({ status, type: typeof type === 'string' ? type : undefined }, 'refused a request it could not read');
    } else {
      // Through the logger's `err` serializer (logger.ts): name, code and message, never a bound value.
      logger.error({ err: serializeError(error) }, 'unhandled error while answering a request');
    }
    if (response.headersSent) return;
    if (status) sendErrorAnswer(request, response, status, errorCodeForStatus(status));
    else sendErrorAnswer(request, response, 500, 'INTERNAL');
  };
}
