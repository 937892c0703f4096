import type { RequestFacts, StaffAuthForWeb, StaffIdentity } from '@app/core/staff/staff-api';
import type pg from 'pg';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { Auth } from './auth.ts';
import { callAuth } from './auth-call.ts';
import { createAuthenticatorEnrolment } from './authenticator-enrolment.ts';
import { createPasskeySignIn } from './passkey-sign-in.ts';
import { createPasswordChanges } from './password-changes.ts';
import { createPasswordSignIn } from './password-sign-in.ts';
import { createSecondFactor } from './second-factor.ts';
import type { SignInLimits } from './sign-in-limits.ts';
import type { StaffSessions } from './staff-sessions.ts';
import { createUsedTotpCodes } from './used-totp-codes.ts';

type Dependencies = {
  auth: Auth;
  db: Db;
  pool: pg.Pool;
  audit: AuditLog;
  limits: SignInLimits;
  sessions: StaffSessions;
  logger: Logger;
};

export type StaffAuthService = StaffAuthForWeb;

/**
 * The sign-in steps and the member's own account: the password, then a code of the authenticator
 * or a recovery code, or the authenticator's set-up at the first sign-in; a passkey alone
 * (decision 0032); set-password links and password changes; signing out. better-auth does the
 * checks (`auth.ts`); around each call sit our limits, the audit log and the session's marks.
 */
export function createStaffAuthService(deps: Dependencies): StaffAuthService {
  const { auth, audit } = deps;
  const usedCodes = createUsedTotpCodes(deps.pool);
  return {
    ...createPasswordSignIn(deps),
    ...createSecondFactor({ ...deps, usedCodes }),
    ...createAuthenticatorEnrolment({ ...deps, usedCodes }),
    ...createPasskeySignIn(deps),
    ...createPasswordChanges(deps),

    async recordAccessDenied(member, path) {
      await audit.record({ action: 'access.denied', actorId: member.id, details: { path, role: member.role } });
    },

    async signOut(staff, request) {
      const result = await callAuth(() => auth.api.signOut({ headers: request.headers, asResponse: true }));
      if (staff) await audit.record({ action: 'sign-out', actorId: staff.id });
      return { setCookies: result.setCookies };
    },
  };
}

export type { RequestFacts, StaffIdentity };
