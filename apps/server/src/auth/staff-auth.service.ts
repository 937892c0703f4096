import { passwordProblem, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@app/core/staff';
import type { AuthOutcome, RequestFacts, StaffAuthForWeb, StaffIdentity } from '@app/core/staff-api';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import QRCode from 'qrcode';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Db } from '../db/database.ts';
import { staffTwoFactor, staffUser, staffVerification } from '../db/staff-schema.ts';
import type { Logger } from '../logger.ts';
import type { Auth } from './auth.ts';
import { callAuth } from './auth-call.ts';
import { createPasskeySignIn } from './passkey-sign-in.ts';
import type { SignInLimits, SignInWait } from './sign-in-limits.ts';
import type { StaffSessions } from './staff-sessions.ts';
import { createUsedTotpCodes } from './used-totp-codes.ts';

type Dependencies = {
  auth: Auth;
  db: Db;
  pool: pg.Pool;
  secret: string;
  audit: AuditLog;
  limits: SignInLimits;
  sessions: StaffSessions;
  logger: Logger;
  organisationName: string;
};

export type StaffAuthService = StaffAuthForWeb;

const failure = (code: Extract<AuthOutcome, { ok: false }>['code'], setCookies: string[] = []) =>
  ({ ok: false, code, setCookies }) as const;

/** The sign-in steps: password, then a TOTP or recovery code, or the enrolment of an authenticator. */
export function createStaffAuthService(deps: Dependencies): StaffAuthService {
  const { auth, db, audit, limits, sessions, logger } = deps;
  const usedCodes = createUsedTotpCodes(deps.pool);

  const findUserByEmail = async (email: string) =>
    (await db.select().from(staffUser).where(eq(staffUser.email, email.trim().toLowerCase())).limit(1))[0];

  /** The user a pending two-factor challenge belongs to (the cookie's signature is checked later, by better-auth). */
  const pendingChallengeUser = async (headers: Headers): Promise<string | undefined> => {
    const name = (await auth.$context).createAuthCookie('two_factor').name;
    const cookie = (headers.get('cookie') ?? '')
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name}=`));
    if (!cookie) return undefined;
    const signed = decodeURIComponent(cookie.slice(name.length + 1));
    const identifier = signed.slice(0, signed.lastIndexOf('.'));
    if (!identifier) return undefined;
    const [row] = await db
      .select({ value: staffVerification.value, expiresAt: staffVerification.expiresAt })
      .from(staffVerification)
      .where(eq(staffVerification.identifier, identifier))
      .limit(1);
    return row && row.expiresAt > new Date() ? row.value : undefined;
  };

  /** After a successful code: refuse it if it was used before, ending the session it just opened. */
  const refuseReplayedCode = async (userId: string, code: string, sessionToken: unknown) => {
    if (await usedCodes.claim(userId, code)) return undefined;
    if (typeof sessionToken === 'string')
      await deps.pool.query('delete from staff_session where token = $1', [sessionToken]);
    await audit.record({ action: 'two-factor.failed', actorId: userId, details: { reason: 'code-reused' } });
    return failure('codeAlreadyUsed', [sessions.expiredCookie(await sessions.sessionCookieName())]);
  };

  return {
    // A passkey alone: a complete sign-in (decision 0032).
    ...createPasskeySignIn(deps),

    async recordAccessDenied(member, path) {
      await audit.record({ action: 'access.denied', actorId: member.id, details: { path, role: member.role } });
    },

    async signIn({ email, password }, request) {
      if (!email.trim() || !password) return failure('missingFields');
      const address = await limits.takeAddressAttempt(request.clientIp);
      if (!address.allowed) {
        logger.warn('sign-in refused: too many attempts from one address');
        return { ...failure('tooManyAttempts'), retryAfterSeconds: address.retryAfterSeconds };
      }
      const user = await findUserByEmail(email);
      // Waits are checked before the password: a wrong guess while waiting is not even tried.
      const wait = await limits.waitBeforePassword(email, request.clientIp);
      if (wait) {
        await audit.record({
          action: 'sign-in.locked',
          actorId: user?.id,
          details: { known: Boolean(user), scope: wait.scope },
        });
        return { ...waitFailure(wait), retryAfterSeconds: wait.seconds };
      }
      const result = await callAuth(() =>
        auth.api.signInEmail({
          body: { email: email.trim().toLowerCase(), password, rememberMe: false },
          headers: request.headers,
          asResponse: true,
        }),
      );
      if (result.errorCode === 'BANNED_USER') {
        await audit.record({ action: 'sign-in.failed', actorId: user?.id, details: { reason: 'disabled' } });
        return failure('accountDisabled');
      }
      if (result.errorCode) {
        const started = await limits.recordFailure(email, request.clientIp);
        await audit.record({
          action: started ? 'sign-in.locked' : 'sign-in.failed',
          actorId: user?.id,
          details: { reason: user ? 'wrong-password' : 'unknown-account', ...(started && { scope: started.scope }) },
        });
        logger.info({ known: Boolean(user), waitScope: started?.scope }, 'sign-in failed');
        return started
          ? { ...waitFailure(started), retryAfterSeconds: started.seconds }
          : failure('invalidCredentials');
      }
      await limits.clearFailures(email, request.clientIp);
      const needsCode = result.body.twoFactorRedirect === true;
      logger.info({ staffId: user?.id, needsCode }, 'sign-in: password accepted');
      await audit.record({
        action: 'sign-in.succeeded',
        actorId: user?.id,
        details: { step: needsCode ? 'password' : 'password-before-enrolment' },
      });
      if (!needsCode) {
        // First sign-in: set up the authenticator now, while the password is at hand.
        const enabled = await callAuth(() =>
          auth.api.enableTwoFactor({
            body: { password },
            headers: withCookies(request.headers, result.setCookies),
            asResponse: true,
          }),
        );
        if (enabled.errorCode) throw new Error(`two-factor set-up failed: ${enabled.errorCode}`);
      }
      return { ok: true, next: needsCode ? 'two-factor' : 'enrol', setCookies: result.setCookies };
    },

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
      if (result.errorCode) return twoFactorFailure(userId, result.errorCode, result.setCookies);
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
        const outcome = await twoFactorFailure(userId, result.errorCode, result.setCookies);
        return outcome.code === 'invalidCode' ? failure('invalidRecoveryCode', outcome.setCookies) : outcome;
      }
      if (!(await sessions.markSecondFactor(userId, result.setCookies))) return failure('unavailable');
      await audit.record({ action: 'two-factor.recovery-code-used', actorId: userId });
      return { ok: true, setCookies: result.setCookies };
    },

    async hasPendingChallenge(request) {
      return (await pendingChallengeUser(request.headers)) !== undefined;
    },

    async enrolment(staff) {
      const [row] = await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, staff.id)).limit(1);
      if (!row) throw new Error('no authenticator set-up is in progress for this staff member');
      const secret = await symmetricDecrypt({ key: deps.secret, data: row.secret });
      const otpauthUri = createOTP(secret).url(deps.organisationName, staff.email);
      const base32 = new URL(otpauthUri).searchParams.get('secret') ?? '';
      const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return { otpauthUri, secret: base32, qrCodeSvg };
    },

    async confirmEnrolment(staff, code, request) {
      const trimmed = code.replace(/\s/g, '');
      if (!TOTP_CODE_PATTERN.test(trimmed)) return failure('invalidCode');
      const result = await callAuth(() =>
        auth.api.verifyTOTP({ body: { code: trimmed }, headers: request.headers, asResponse: true }),
      );
      if (result.errorCode) {
        await audit.record({ action: 'two-factor.failed', actorId: staff.id, details: { reason: 'enrolment-code' } });
        return failure('invalidCode', result.setCookies);
      }
      await usedCodes.claim(staff.id, trimmed);
      // better-auth replaced the session: the new one is complete, and it is the only one left.
      // A browser that gave the password earlier and never a code keeps nothing.
      const token = await sessions.markSecondFactor(staff.id, result.setCookies);
      if (!token) return failure('unavailable', result.setCookies);
      await sessions.endOthers(staff.id, token);
      const codes = await auth.api.viewBackupCodes({ body: { userId: staff.id } });
      await audit.record({ action: 'two-factor.enrolled', actorId: staff.id });
      return { ok: true, setCookies: result.setCookies, recoveryCodes: codes.backupCodes };
    },

    async signOut(staff, request) {
      const result = await callAuth(() => auth.api.signOut({ headers: request.headers, asResponse: true }));
      if (staff) await audit.record({ action: 'sign-out', actorId: staff.id });
      return { setCookies: result.setCookies };
    },

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
      if (result.errorCode)
        return failure(result.errorCode === 'INVALID_PASSWORD' ? 'wrongCurrentPassword' : 'unavailable');
      // better-auth ended every other session and opened a new one for this browser, which had
      // given both factors: the new session is complete too.
      await sessions.markSecondFactor(staff.id, result.setCookies);
      await audit.record({ action: 'password.changed', actorId: staff.id });
      return { ok: true, setCookies: result.setCookies };
    },
  };

  async function setPasswordLinkUser(token: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return undefined;
    const [row] = await db
      .select()
      .from(staffVerification)
      .where(eq(staffVerification.identifier, `reset-password:${token}`))
      .limit(1);
    return row && row.expiresAt > new Date() ? row.value : undefined;
  }

  async function twoFactorFailure(userId: string, errorCode: string, setCookies: string[]) {
    const reason = errorCode.toLowerCase();
    await audit.record({ action: 'two-factor.failed', actorId: userId, details: { reason } });
    logger.info({ reason }, 'second factor refused');
    if (errorCode === 'ACCOUNT_TEMPORARILY_LOCKED') return failure('accountLocked', setCookies);
    if (errorCode === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return failure('tooManyAttempts', setCookies);
    if (errorCode === 'INVALID_TWO_FACTOR_COOKIE') return failure('challengeExpired', setCookies);
    return failure('invalidCode', setCookies);
  }
}

/**
 * A wait of this address for this account is "too many attempts"; a wait of the account for every
 * address (many wrong passwords from many places) says so, as "account locked" (for a while).
 */
function waitFailure(wait: SignInWait) {
  return failure(wait.scope === 'account' ? 'accountLocked' : 'tooManyAttempts');
}

/** The request's cookies plus those just set, for a second call in the same step. */
function withCookies(headers: Headers, setCookies: string[]): Headers {
  const merged = new Headers(headers);
  const added = setCookies.map((cookie) => cookie.split(';')[0]);
  merged.set('cookie', [headers.get('cookie'), ...added].filter(Boolean).join('; '));
  return merged;
}

export type { RequestFacts, StaffIdentity };
