import type { AuthOutcome } from '@app/core/staff/staff-api';
import type { SignInWait } from './sign-in-limits.ts';

/** A refused sign-in step, with the cookies to set (or clear) all the same. */
export const failure = (code: Extract<AuthOutcome, { ok: false }>['code'], setCookies: string[] = []) =>
  ({ ok: false, code, setCookies }) as const;

/**
 * A wait of this address for this account is "too many attempts"; a wait of the account for every
 * address (many wrong passwords from many places) says so, as "account locked" (for a while).
 */
export function waitFailure(wait: SignInWait) {
  return {
    ...failure(wait.scope === 'account' ? 'accountLocked' : 'tooManyAttempts'),
    retryAfterSeconds: wait.seconds,
  };
}
