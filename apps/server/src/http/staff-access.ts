import { errorBody } from '@app/core/errors/error-codes';
import { can, type Permission } from '@app/core/staff/staff';
import type { StaffIdentity, StaffSessionState } from '@app/core/staff/staff-api';
import type { StaffOperations } from '@app/core/staff/staff-operations';
import { fromNodeHeaders } from 'better-auth/node';
import type { NextFunction, Request, Response } from 'express';
import type { StaffSessions } from '../auth/staff-sessions.ts';

declare global {
  namespace Express {
    interface Locals {
      staffSession?: StaffSessionState;
      /** The operations of the member of a complete session, bound to them (set by `staffAccess`). */
      staffOperations?: StaffOperations;
    }
  }
}

/**
 * What the staff area's door needs: the sessions, and the factory of a member's operations, which
 * it alone calls, with the actor of a complete session. Pages and routes receive the bound result.
 */
export type StaffAccessServices = {
  staffSessions: Pick<StaffSessions, 'resolve'>;
  operationsFor(actor: StaffIdentity): StaffOperations;
};

/**
 * In front of every /internal page and /api/internal call: finds the staff session (better-auth,
 * plus our idle timeout) before any page or API code runs. The pages' own guard
 * (`routes/internal/internal-layout.tsx`) and the API guard below read the result. Requests from
 * foreign origins never get here: `same-origin.ts` refuses them for the whole site.
 */
export function staffAccess({ staffSessions, operationsFor }: StaffAccessServices) {
  return async (request: Request, response: Response, next: NextFunction) => {
    response.set('Cache-Control', 'no-store');
    try {
      const resolved = await staffSessions.resolve(fromNodeHeaders(request.headers));
      for (const cookie of resolved.setCookies) response.append('Set-Cookie', cookie);
      response.locals.staffSession = resolved.state;
      if (resolved.state.state === 'signed-in') response.locals.staffOperations = operationsFor(resolved.state.staff);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * An /api/internal route that needs a permission: 401 before a complete sign-in, 403 for a role
 * without it. The route then finds the member's operations with `staffOperations(response)`.
 */
export function requirePermission(permission: Permission) {
  return (_request: Request, response: Response, next: NextFunction) => {
    const session = response.locals.staffSession;
    if (session?.state !== 'signed-in') return void response.status(401).json(errorBody('UNAUTHORIZED'));
    if (!can(session.staff.role, permission)) return void response.status(403).json(errorBody('FORBIDDEN'));
    next();
  };
}

/** The operations of the member of a request that `requirePermission` let through, bound to them. */
export function staffOperations(response: Response): StaffOperations {
  const operations = response.locals.staffOperations;
  if (!operations) throw new Error('staffOperations used on a route without requirePermission');
  return operations;
}

/** /api/internal answers 401 before the second factor, whatever the path. */
export function requireCompleteSignIn(_request: Request, response: Response, next: NextFunction) {
  if (response.locals.staffSession?.state === 'signed-in') return next();
  response.status(401).json(errorBody('UNAUTHORIZED'));
}
