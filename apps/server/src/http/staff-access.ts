import { errorBody } from '@app/core/error-codes';
import { can, type Permission } from '@app/core/staff';
import type { StaffIdentity, StaffSessionState } from '@app/core/staff-api';
import { fromNodeHeaders } from 'better-auth/node';
import type { NextFunction, Request, Response } from 'express';
import type { Services } from '../services/services.ts';

declare global {
  namespace Express {
    interface Locals {
      staffSession?: StaffSessionState;
    }
  }
}

/**
 * In front of every /internal page and /api/internal call: finds the staff session (better-auth,
 * plus our idle timeout) before any page or API code runs. The pages' own guard
 * (`routes/internal/internal-layout.tsx`) and the API guard below read the result. Requests from
 * foreign origins never get here: `same-origin.ts` refuses them for the whole site.
 */
export function staffAccess(services: Services) {
  return async (request: Request, response: Response, next: NextFunction) => {
    response.set('Cache-Control', 'no-store');
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
