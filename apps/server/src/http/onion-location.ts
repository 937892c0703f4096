import type { NextFunction, Request, Response } from 'express';

/**
 * `Onion-Location: <ONION_URL><path>` on every answer to a GET or HEAD that did not come through the
 * onion service itself: Tor Browser then offers the same page over tor (it reads the header on
 * HTTPS answers only, so behind the https:// PUBLIC_URL). The path and query are the request's
 * own: the onion service serves the same site. Nothing for the onion's own visitors.
 */
export function onionLocation(onionUrl: string) {
  const onion = new URL(onionUrl);
  return (request: Request, response: Response, next: NextFunction) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && request.hostname !== onion.hostname) {
      response.set('Onion-Location', `${onion.origin}${request.originalUrl}`);
    }
    next();
  };
}
