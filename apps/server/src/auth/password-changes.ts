import { passwordProblem } from '@app/core/staff/staff';
import type { StaffAuthForWeb } from '@app/core/staff/staff-api';
import { eq } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Db } from '../db/database.ts';
import { staffUser, staffVerification } from '../db/staff-schema.ts';
import type { Auth } from './auth.ts';
import { callAuth } from './auth-call.ts';
import { failure } from './auth-outcome.ts';
import type { SignInLimits } from './sign-in-limits.ts';
import type { StaffSessions } from './staff-sessions.ts';

type Dependencies = { auth: Auth; db: Db; audit: AuditLog; limits: SignInLimits; sessions: StaffSessions };

type PasswordChanges = Pick<StaffAuthForWeb, 'isSetPasswordLinkValid' | 'setPassword' | 'changePassword'>;

/** A password chosen through a set-password link (new member, or reset), or changed by its owner. */
export function createPasswordChanges({ auth, db, audit, limits, sessions }: Dependencies): PasswordChanges {
  /** The member a set-password link is for, while it lasts (decision 0008: 72 hours). */
  const setPasswordLinkUser = async (token: string): Promise<string | undefined> => {
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return undefined;
    const [row] = await db
      .select()
      .from(staffVerification)
      .where(eq(staffVerification.identifier, `reset-password:${token}`))
      .limit(1);
    return row && row.expiresAt > new Date() ? row.value : undefined;
  };

  return {
    async isSetPasswordLinkValid(token) {
      return (await setPasswordLinkUser(token)) !== undefined;
    },

    async setPassword(token, password) {
      const problem = passwordProblem(password);
      if (problem) return failure(problem);
      const userId = await setPasswordLinkUser(token);
      if (!userId) return failure('invalidLink');
      const result = await callAuth(() =>
        auth.api.resetPassword({ body: { token, newPassword: password }, asResponse: true }),
      );
      if (result.errorCode) return failure('invalidLink');
      await limits.clearAccount((await db.select().from(staffUser).where(eq(staffUser.id, userId)))[0]?.email ?? '');
      await audit.record({ action: 'password.set', actorId: userId });
      return { ok: true, setCookies: [] };
    },

    async changePassword(staff, { currentPassword, newPassword }, request) {
      const problem = passwordProblem(newPassword);
      if (problem) return failure(problem);
      const result = await callAuth(() =>
        auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers: request.headers,
          asResponse: true,
        }),
      );
      if (result.errorCode) {
        return failure(result.errorCode === 'INVALID_PASSWORD' ? 'wrongCurrentPassword' : 'unavailable');
      }
      // better-auth ended every other session and opened a new one for this browser, which had
      // given both factors: the new session is complete too.
      await sessions.markSecondFactor(staff.id, result.setCookies);
      await audit.record({ action: 'password.changed', actorId: staff.id });
      return { ok: true, setCookies: result.setCookies };
    },
  };
}
