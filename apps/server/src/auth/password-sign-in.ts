import type { StaffAuthForWeb } from '@app/core/staff/staff-api';
import { eq } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Db } from '../db/database.ts';
import { staffUser } from '../db/staff-schema.ts';
import type { Logger } from '../logger.ts';
import type { Auth } from './auth.ts';
import { callAuth } from './auth-call.ts';
import { failure, waitFailure } from './auth-outcome.ts';
import type { SignInLimits } from './sign-in-limits.ts';

type Dependencies = { auth: Auth; db: Db; audit: AuditLog; limits: SignInLimits; logger: Logger };

/**
 * The password step: the address's and the account's limits first, then better-auth's check, then
 * either the code step or, at the first sign-in, the authenticator's set-up.
 */
export function createPasswordSignIn({
  auth,
  db,
  audit,
  limits,
  logger,
}: Dependencies): Pick<StaffAuthForWeb, 'signIn'> {
  const findUserByEmail = async (email: string) =>
    (await db.select().from(staffUser).where(eq(staffUser.email, email.trim().toLowerCase())).limit(1))[0];

  return {
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
        return waitFailure(wait);
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
        return started ? waitFailure(started) : failure('invalidCredentials');
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
  };
}

/** The request's cookies plus those just set, for a second call in the same step. */
function withCookies(headers: Headers, setCookies: string[]): Headers {
  const merged = new Headers(headers);
  const added = setCookies.map((cookie) => cookie.split(';')[0]);
  merged.set('cookie', [headers.get('cookie'), ...added].filter(Boolean).join('; '));
  return merged;
}
