import type { AuthOutcome, RequestFacts } from '@app/core/staff/staff-api';
import type pg from 'pg';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Logger } from '../logger.ts';
import { type Auth, COOKIE_PREFIX } from './auth.ts';
import { callAuth } from './auth-call.ts';
import { failure } from './auth-outcome.ts';
import type { SignInLimits } from './sign-in-limits.ts';
import type { StaffSessions } from './staff-sessions.ts';

type Dependencies = {
  auth: Auth;
  pool: pg.Pool;
  audit: AuditLog;
  limits: SignInLimits;
  sessions: StaffSessions;
  logger: Logger;
};

/** The device's answer as the plugin types it (SimpleWebAuthn's AuthenticationResponseJSON); the plugin checks it. */
type PasskeyAssertion = NonNullable<Parameters<Auth['api']['verifyPasskeyAuthentication']>[0]>['body']['response'];

/** The device's answer, as the browser posted it: a JSON object with the credential's id. */
function parseAssertion(text: string): { id: string } & Record<string, unknown> {
  if (text.length > 16_384) throw new Error('assertion too large');
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('assertion is not an object');
  const id = (value as { id?: unknown }).id;
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{16,1366}$/.test(id)) throw new Error('assertion without an id');
  return value as { id: string } & Record<string, unknown>;
}

/**
 * Sign-in with a passkey alone (decision 0032). better-auth's passkey plugin runs the ceremony (the
 * challenge, bound to this browser by a signed cookie and used once; the signature against
 * PUBLIC_URL's origin and host; user verification, `auth.ts`); around it sit the same limits and
 * audit rows as the password, and the mark that makes the new session a complete one.
 */
export function createPasskeySignIn({ auth, pool, audit, limits, sessions, logger }: Dependencies) {
  /** The member a passkey belongs to, and whether they may sign in at all. */
  const ownerOf = async (credentialId: string) =>
    (
      await pool.query<{ userId: string; banned: boolean }>(
        `select u.id as "userId", u.banned from staff_passkey p join staff_user u on u.id = p.user_id
          where p.credential_id = $1 and p.name is not null`,
        [credentialId],
      )
    ).rows[0];

  return {
    async passkeySignInOptions(request: RequestFacts) {
      // One ceremony is one attempt of the address, as one password is: the challenge it opens can
      // be answered once.
      const address = await limits.takeAddressAttempt(request.clientIp);
      if (!address.allowed) {
        logger.warn('passkey sign-in refused: too many attempts from one address');
        return { ...failure('tooManyAttempts'), retryAfterSeconds: address.retryAfterSeconds };
      }
      const result = await callAuth(() =>
        auth.api.generatePasskeyAuthenticationOptions({ headers: withoutSession(request.headers), asResponse: true }),
      );
      if (result.errorCode) throw new Error(`passkey options failed: ${result.errorCode}`);
      // The plugin asks for user verification as "preferred"; the device must ask for the PIN or
      // fingerprint (and `auth.ts` refuses an answer without it).
      const options = { ...result.body, userVerification: 'required' };
      return { ok: true as const, options, setCookies: result.setCookies };
    },

    async signInWithPasskey(responseText: string, request: RequestFacts): Promise<AuthOutcome> {
      let assertion: ReturnType<typeof parseAssertion>;
      try {
        assertion = parseAssertion(responseText);
      } catch {
        return failure('passkeyFailed');
      }
      const owner = await ownerOf(assertion.id);
      if (!owner) {
        // An unknown passkey, or one whose registration never finished (`operations/account/passkeys.ts`).
        await audit.record({ action: 'sign-in.failed', details: { reason: 'unknown-passkey', method: 'passkey' } });
        return failure('passkeyFailed');
      }
      if (owner.banned) {
        await audit.record({
          action: 'sign-in.failed',
          actorId: owner.userId,
          details: { reason: 'disabled', method: 'passkey' },
        });
        return failure('accountDisabled');
      }
      const result = await callAuth(() =>
        auth.api.verifyPasskeyAuthentication({
          body: { response: assertion as unknown as PasskeyAssertion },
          headers: withoutSession(request.headers),
          asResponse: true,
        }),
      );
      if (result.errorCode) {
        const reason = result.errorCode === 'BANNED_USER' ? 'disabled' : result.errorCode.toLowerCase();
        await audit.record({ action: 'sign-in.failed', actorId: owner.userId, details: { reason, method: 'passkey' } });
        logger.info({ reason }, 'passkey sign-in refused');
        return failure(reason === 'disabled' ? 'accountDisabled' : 'passkeyFailed', result.setCookies);
      }
      const userId = owner.userId;
      // The device proved both factors (the passkey, and the PIN or fingerprint that unlocked it).
      if (!(await sessions.markSecondFactor(userId, result.setCookies))) return failure('unavailable');
      await pool.query('update staff_passkey set last_used_at = now() where credential_id = $1', [assertion.id]);
      await audit.record({ action: 'sign-in.succeeded', actorId: userId, details: { step: 'passkey' } });
      logger.info({ staffId: userId }, 'sign-in: passkey accepted');
      return { ok: true, setCookies: result.setCookies };
    },
  };
}

/**
 * The request's headers without its staff session: a passkey sign-in opens a session of its own
 * (and the plugin would otherwise offer only the passkeys of a half-finished session's member).
 */
function withoutSession(headers: Headers): Headers {
  // better-auth names its session cookies `<prefix>.session_token` and `<prefix>.session_data`,
  // with `__Secure-` in front over HTTPS.
  const sessionCookie = `${COOKIE_PREFIX}.session_`;
  const copy = new Headers(headers);
  const cookies = (headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(sessionCookie) && !part.startsWith(`__Secure-${sessionCookie}`));
  copy.set('cookie', cookies.join('; '));
  return copy;
}
