import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@app/core/staff/staff';
import type { StaffAuthForWeb } from '@app/core/staff/staff-api';
import type pg from 'pg';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Logger } from '../logger.ts';
import type { Auth } from './auth.ts';
import { callAuth } from './auth-call.ts';
import { failure } from './auth-outcome.ts';
import type { StaffSessions } from './staff-sessions.ts';
import type { UsedTotpCodes } from './used-totp-codes.ts';

type Dependencies = {
  auth: Auth;
  pool: pg.Pool;
  audit: AuditLog;
  sessions: StaffSessions;
  logger: Logger;
  usedCodes: UsedTotpCodes;
};

type SecondFactor = Pick<StaffAuthForWeb, 'verifyTotp' | 'verifyRecoveryCode' | 'hasPendingChallenge'>;

/**
 * The code step after the password: a code of the authenticator, used once only, or a recovery
 * code. better-auth checks the code and its signed challenge cookie, and counts the failures.
 */
export function createSecondFactor({ auth, pool, audit, sessions, logger, usedCodes }: Dependencies): SecondFactor {
  /** The staff member whose challenge this browser holds (`better-auth-state.ts`), while it lasts. */
  const pendingChallengeUser = async (headers: Headers): Promise<string | undefined> =>
    (await auth.api.twoFactorChallengeUser({ headers })).userId ?? undefined;

  /** After a successful code: refuse it if it was used before, ending the session it just opened. */
  const refuseReplayedCode = async (userId: string, code: string, sessionToken: unknown) => {
    if (await usedCodes.claim(userId, code)) return undefined;
    if (typeof sessionToken === 'string')
      await pool.query('delete from staff_session where token = $1', [sessionToken]);
    await audit.record({ action: 'two-factor.failed', actorId: userId, details: { reason: 'code-reused' } });
    return failure('codeAlreadyUsed', [sessions.expiredCookie(await sessions.sessionCookieName())]);
  };

  const refused = async (userId: string, errorCode: string, setCookies: string[]) => {
    const reason = errorCode.toLowerCase();
    await audit.record({ action: 'two-factor.failed', actorId: userId, details: { reason } });
    logger.info({ reason }, 'second factor refused');
    if (errorCode === 'ACCOUNT_TEMPORARILY_LOCKED') return failure('accountLocked', setCookies);
    if (errorCode === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return failure('tooManyAttempts', setCookies);
    if (errorCode === 'INVALID_TWO_FACTOR_COOKIE') return failure('challengeExpired', setCookies);
    return failure('invalidCode', setCookies);
  };

  return {
    async verifyTotp(code, request) {
      const userId = await pendingChallengeUser(request.headers);
      if (!userId) return failure('challengeExpired');
      const trimmed = code.replace(/\s/g, '');
      if (!TOTP_CODE_PATTERN.test(trimmed)) return failure('invalidCode');
      if (await usedCodes.wasUsed(userId, trimmed)) {
        await audit.record({ action: 'two-factor.failed', actorId: userId, details: { reason: 'code-reused' } });
        return failure('codeAlreadyUsed');
      }
      const result = await callAuth(() =>
        auth.api.verifyTOTP({ body: { code: trimmed }, headers: request.headers, asResponse: true }),
      );
      if (result.errorCode) return refused(userId, result.errorCode, result.setCookies);
      const replayed = await refuseReplayedCode(userId, trimmed, result.body.token);
      if (replayed) return replayed;
      if (!(await sessions.markSecondFactor(userId, result.setCookies))) return failure('unavailable');
      await audit.record({ action: 'two-factor.succeeded', actorId: userId, details: { method: 'totp' } });
      logger.info({ staffId: userId }, 'sign-in: second factor accepted');
      return { ok: true, setCookies: result.setCookies };
    },

    async verifyRecoveryCode(code, request) {
      const userId = await pendingChallengeUser(request.headers);
      if (!userId) return failure('challengeExpired');
      const trimmed = code.trim();
      if (!RECOVERY_CODE_PATTERN.test(trimmed)) return failure('invalidRecoveryCode');
      const result = await callAuth(() =>
        auth.api.verifyBackupCode({ body: { code: trimmed }, headers: request.headers, asResponse: true }),
      );
      if (result.errorCode) {
        const outcome = await refused(userId, result.errorCode, result.setCookies);
        return outcome.code === 'invalidCode' ? failure('invalidRecoveryCode', outcome.setCookies) : outcome;
      }
      if (!(await sessions.markSecondFactor(userId, result.setCookies))) return failure('unavailable');
      await audit.record({ action: 'two-factor.recovery-code-used', actorId: userId });
      return { ok: true, setCookies: result.setCookies };
    },

    async hasPendingChallenge(request) {
      return (await pendingChallengeUser(request.headers)) !== undefined;
    },
  };
}
