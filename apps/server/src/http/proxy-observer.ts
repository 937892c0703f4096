import type { NextFunction, Request, Response } from 'express';
import type { ProxyObservationKind } from '../db/operator-schema.ts';
import type { ProxyObservations } from '../monitoring/proxy-observations.ts';

const LOOPBACK = /^(::1|(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * How a request arrived, against TRUST_PROXY: through a named proxy with X-Forwarded-For (as it
 * should be), straight with no proxy configured (as it should be), or one of the mismatches doctor
 * explains. Only the request's own connection is looked at, never stored.
 */
export function proxyKindOf(request: Request): ProxyObservationKind {
  const peer = request.socket.remoteAddress ?? '';
  const trusts = request.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const forwarded = request.get('x-forwarded-for') !== undefined;
  const trusted = trusts(peer, 0);
  if (forwarded) return trusted ? 'forwarded' : 'untrusted-forwarder';
  if (trusted) return 'trusted-without-header';
  if (request.app.get('trust proxy') !== false && !LOOPBACK.test(peer)) return 'bypassed-proxy';
  return 'direct';
}

/** Monitors' own checks, often sent on this machine around the proxy: not visitors. */
const CHECKS = new Set(['/api/health', '/api/ready', '/metrics']);

/** Counts each visitor's request by kind (monitoring/proxy-observations.ts), before anything answers it. */
export function observeProxies(observations: ProxyObservations) {
  return (request: Request, _response: Response, next: NextFunction) => {
    if (!CHECKS.has(request.path)) observations.observe(proxyKindOf(request));
    next();
  };
}
