import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { pgLimiter } from '../services/pg-limiter.ts';

const WINDOW_SECONDS = 15 * 60;
/** Wrong passwords in a row before an account is locked for the window (OWASP ASVS 6.3.1). */
export const ACCOUNT_FAILURES_BEFORE_LOCK = 5;

export type SignInLimits = {
  /** Counts one sign-in attempt from this address; false once the address is past its limit. */
  takeAddressAttempt(clientIp: string | undefined): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Seconds left of this account's lock, or 0 when it may try. */
  accountLockSeconds(email: string): Promise<number>;
  /** Counts a wrong password; true when this failure locked the account. */
  recordAccountFailure(email: string): Promise<boolean>;
  clearAccountFailures(email: string): Promise<void>;
};

/**
 * Limits on the sign-in form, in PostgreSQL so every instance counts together: attempts per
 * client address, and wrong passwords per account (which lock the account for 15 minutes).
 * Keys are HMACs: the table holds neither addresses nor email addresses.
 */
export function createSignInLimits(pool: pg.Pool, hashKey: Buffer, attemptsPerAddress: number): SignInLimits {
  const limiter = (keyPrefix: string, points: number) => pgLimiter(pool, keyPrefix, points, WINDOW_SECONDS);
  const perAddress = limiter('sign-in-address', attemptsPerAddress);
  const perAccount = limiter('sign-in-account', ACCOUNT_FAILURES_BEFORE_LOCK);
  const keyOf = (value: string) => createHmac('sha256', hashKey).update(value.trim().toLowerCase()).digest('base64url');
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    async takeAddressAttempt(clientIp) {
      try {
        await perAddress.consume(clientIp ? keyOf(clientIp) : `unknown-${crypto.randomUUID()}`);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (error) {
        if (error instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: seconds(error.msBeforeNext) };
        throw error;
      }
    },
    async accountLockSeconds(email) {
      const state = await perAccount.get(keyOf(email));
      if (!state || state.consumedPoints < ACCOUNT_FAILURES_BEFORE_LOCK) return 0;
      return seconds(state.msBeforeNext);
    },
    async recordAccountFailure(email) {
      try {
        const state = await perAccount.consume(keyOf(email));
        return state.remainingPoints === 0;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
    async clearAccountFailures(email) {
      await perAccount.delete(keyOf(email));
    },
  };
}
