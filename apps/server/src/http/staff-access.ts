import { errorBody } from '@app/core/error-codes';
import { can, type Permission } from '@app/core/staff';
import type { StaffIdentity, StaffSessionState } from '@app/core/staff-api';
import { fromNodeHeaders } from 'better-auth/node';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.ts';
import type { Services } from '../services/services.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare global {
  namespace Express {
    interface Locals {
      staffSession?: StaffSessionState;
    }
  }
}

/**
 * Refuses state-changing requests sent from another site (security target 17). Browsers send
 * Origin with every POST; a request without it and without Sec-Fetch-Site is not from a browser
 * page, so it carries no victim's cookies either.
 */
export function isForeignOrigin(request: Request, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.get('origin');
  const site = request.get('sec-fetch-site');
  // A plain form submitted under our `Referrer-Policy: no-referrer` carries `Origin: null`; the
  // browser's own Sec-Fetch-Site then says whether it came from one of our pages.
  if (origin === 'null') return site !== 'same-origin';
  if (origin) {
    const ownOrigins = [new URL(publicUrl).origin, `${request.protocol}://${request.get('host')}`];
    return !ownOrigins.includes(origin);
  }
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/**
 * In front of every /internal page and /api/internal call: refuses foreign origins, then finds
 * the staff session (better-auth, plus our idle timeout) before any page or API code runs. The
 * pages' own guard (`routes/internal/internal-layout.tsx`) and the API guard below read the result.
 */
export function staffAccess(services: Services, publicUrl: string, logger: Logger) {
  return async (request: Request, response: Response, next: NextFunction) => {
    response.set('Cache-Control', 'no-store');
    if (isForeignOrigin(request, publicUrl)) {
      logger.warn({ method: request.method }, 'refused a staff-area request from a foreign origin');
      response.status(403).json(errorBody('FORBIDDEN'));
      return;
    }
    try {
      const resolved = await services.staffSessions.resolve(fromNodeHeaders(request.headers));
      for (const cookie of resolved.setCookies) response.append('Set-Cookie', cookie);
      response.locals.staffSession = resolved.state;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * An /api/internal route that needs a permission: 401 before a complete sign-in, 403 for a role
 * without it. The route then finds the staff member with `signedInStaff(response)`.
 */
export function requirePermission(permission: Permission) {
  return (_request: Request, response: Response, next: NextFunction) => {
    const session = response.locals.staffSession;
    if (session?.state !== 'signed-in') return void response.status(401).json(errorBody('UNAUTHORIZED'));
    if (!can(session.staff.role, permission)) return void response.status(403).json(errorBody('FORBIDDEN'));
    next();
  };
}

/** The staff member of a request that `requirePermission` let through. */
export function signedInStaff(response: Response): StaffIdentity {
  const session = response.locals.staffSession;
  if (session?.state !== 'signed-in') throw new Error('signedInStaff used on a route without requirePermission');
  return session.staff;
}

/** /api/internal answers 401 before the second factor, whatever the path. */
export function requireCompleteSignIn(_request: Request, response: Response, next: NextFunction) {
  if (response.locals.staffSession?.state === 'signed-in') return next();
  response.status(401).json(errorBody('UNAUTHORIZED'));
}
