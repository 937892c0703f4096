import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/core/staff/staff';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { admin } from 'better-auth/plugins/admin';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Db } from '../db/database.ts';
import {
  staffAccount,
  staffPasskey,
  staffSession,
  staffTwoFactor,
  staffUser,
  staffVerification,
} from '../db/staff-schema.ts';
import type { Logger } from '../logger.ts';
import { betterAuthLogger } from './auth-logger.ts';
import { staffAuthState } from './better-auth-state.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

/** Every session ends 12 hours after sign-in, whatever happens (security target 16). */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
/**
 * A link to choose a password (new staff member, or reset by an admin) works for 72 hours: one
 * held by the wrong person is a takeover of an account not yet enrolled (security review finding 10).
 */
export const SET_PASSWORD_LINK_SECONDS = 72 * 60 * 60;
export const COOKIE_PREFIX = 'staff';

export type AuthSettings = {
  db: Db;
  /** A key derived from the master key: signs cookies and encrypts TOTP secrets and recovery codes. */
  secret: string;
  publicUrl: string;
  organisationName: string;
  /** better-auth's messages go through it as name and code only (`auth-logger.ts`). */
  logger: Logger;
};

/**
 * better-auth, hardened (docs/decisions/0008-staff-authentication.md). Its HTTP handler is not
 * mounted: our own routes call `auth.api` so that there is no sign-up, no trusted-device skip and
 * no endpoint we did not choose, and so that limits, lockout and the audit log sit in one place.
 */
export function createAuth({ db, secret, publicUrl, organisationName, logger }: AuthSettings) {
  return betterAuth({
    appName: organisationName,
    logger: betterAuthLogger(logger),
    baseURL: publicUrl,
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: staffUser,
        session: staffSession,
        account: staffAccount,
        verification: staffVerification,
        twoFactor: staffTwoFactor,
        passkey: staffPasskey,
      },
    }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: SET_PASSWORD_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      // Never extended: the idle timeout is ours (`staff-sessions.ts`), the 12 hours are absolute.
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    // Our routes count attempts per account and per address (`sign-in-limits.ts`); better-auth's
    // limiter only guards its HTTP handler, which is not mounted.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, path: '/' },
      // Staff addresses are not kept with sessions; the audit log records who, not where from.
      ipAddress: { disableIpTracking: true },
    },
    plugins: [
      twoFactor({
        issuer: organisationName,
        twoFactorCookieMaxAge: 10 * 60,
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { enabled: true, maxFailedAttempts: 5, durationSeconds: 15 * 60 },
      }),
      admin({ defaultRole: 'viewer', adminRoles: ['admin'] }),
      staffPasskeys(publicUrl),
      staffAuthState(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Passkeys (decision 0032): bound to PUBLIC_URL's host (the relying party) and origin, never to
 * the request's Origin header, so a look-alike site gets nothing it can replay. The plugin itself
 * accepts a passkey without user verification; we refuse one both when it is added and at each
 * sign-in: a passkey alone is a complete sign-in only because the device asked for the member's
 * PIN or fingerprint.
 */
function staffPasskeys(publicUrl: string) {
  const url = new URL(publicUrl);
  const requireUserVerification = (userVerified: boolean) => {
    if (!userVerified) {
      throw APIError.from('UNAUTHORIZED', { code: 'USER_NOT_VERIFIED', message: 'user verification required' });
    }
  };
  return passkey({
    rpID: url.hostname,
    origin: url.origin,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    registration: {
      afterVerification: ({ verification }) => {
        requireUserVerification(verification.registrationInfo?.userVerified === true);
      },
    },
    authentication: {
      afterVerification: ({ verification }) => {
        requireUserVerification(verification.authenticationInfo.userVerified);
      },
    },
  });
}
