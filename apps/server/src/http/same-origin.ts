import { errorBody } from '@app/core/errors/error-codes';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when a state-changing request was sent by a page of another site (security target 17).
 * The rule, and why a request with neither header passes: docs/decisions/0015-origins-and-error-codes.md.
 *
 * - Sec-Fetch-Site, when the browser sends it, has the last word: only `same-origin` (one of our
 *   pages) or `none` (the visitor's own doing, such as a bookmark) may change anything.
 * - `Origin: null` is what our own plain forms send under `Referrer-Policy: no-referrer`; it is
 *   accepted only with `Sec-Fetch-Site: same-origin`.
 * - Any other Origin must be ours: the configured PUBLIC_URL or ONION_URL, or the address the
 *   request came to.
 * - Neither header: not a page in a browser (browsers send Origin with every POST), so it carries
 *   no victim's cookies; it passes, as a script could send any header it liked anyway.
 */
export function isForeignOrigin(request: Request, ownOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.get('origin');
  if (origin === undefined) return false;
  if (origin === 'null') return site !== 'same-origin';
  return !ownOrigins.includes(origin) && origin !== requestOrigin(request);
}

/** The origin the request was sent to, as the browser saw it (behind the proxies of TRUST_PROXY). */
function requestOrigin(request: Request): string {
  return `${request.protocol}://${request.get('host')}`;
}

/**
 * In front of everything but the security headers: a POST, PUT, PATCH, DELETE… from another site
 * gets 403 before its body is read, whatever the path (API, staff pages, page actions).
 */
export function refuseForeignOrigins(ownUrls: readonly (string | undefined)[], logger: Logger) {
  const ownOrigins = ownUrls.filter((url) => url !== undefined).map((url) => new URL(url).origin);
  return (request: Request, response: Response, next: NextFunction) => {
    if (!isForeignOrigin(request, ownOrigins)) {
      // Decided here, once. React Router's own check on actions only compares Origin with the
      // address of the request, so it would refuse what was accepted above: our plain forms'
      // `Origin: null`, and PUBLIC_URL (or ONION_URL) behind a proxy that changes the Host. It does not look
      // further when there is no Origin.
      const origin = request.get('origin');
      if (origin !== undefined && origin !== requestOrigin(request)) delete request.headers.origin;
      return next();
    }
    logger.warn({ method: request.method, path: request.path }, 'refused a request from a foreign origin');
    response.status(403).set('Cache-Control', 'no-store').json(errorBody('FORBIDDEN'));
  };
}
