import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { addressBucket } from '../limits/address-bucket.ts';
import { pgLimiter } from '../limits/pg-limiter.ts';

/** Sign-in attempts per address are counted over 15 minutes (SIGN_IN_ATTEMPTS_PER_IP). */
const ADDRESS_WINDOW_SECONDS = 15 * 60;
/** Wrong passwords are counted over a day: a wait never wipes the count that led to it. */
export const FAILURE_WINDOW_SECONDS = 24 * 60 * 60;
/** Wrong passwords for one account from one address before that address waits. */
export const ADDRESS_FREE_FAILURES = 5;
/**
 * Wrong passwords for one account from all addresses together (in a day) before every address
 * waits: much higher than one address's allowance, so that one attacker cannot reach it quickly,
 * while brute force spread over many addresses still stops (security review 2026-11-26, finding 7).
 */
export const ACCOUNT_FREE_FAILURES = 100;
const FIRST_WAIT_SECONDS = 60;
export const LONGEST_WAIT_SECONDS = 15 * 60;

/**
 * The wait after `failures` wrong passwords when `free` are allowed: none before, then 1 minute,
 * doubling with each further failure, up to 15 minutes.
 */
export function waitAfterFailures(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** Math.min(failures - free, 10));
}

/** Who has to wait: this address for this account, or the account for everyone. */
export type SignInWait = { scope: 'address' | 'account'; seconds: number };

export type SignInLimits = {
  /** Counts one sign-in attempt from this address; false once the address is past its limit. */
  takeAddressAttempt(clientIp: string | undefined): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** The wait before a password for this account may be tried from this address, if there is one. */
  waitBeforePassword(email: string, clientIp: string | undefined): Promise<SignInWait | undefined>;
  /** Counts a wrong password for this account from this address; the wait it starts, if any. */
  recordFailure(email: string, clientIp: string | undefined): Promise<SignInWait | undefined>;
  /** The right password from this address: its count for the account starts again. */
  clearFailures(email: string, clientIp: string | undefined): Promise<void>;
  /** A new password chosen through a link: the account's own count and wait start again. */
  clearAccount(email: string): Promise<void>;
};

/**
 * The keys of the limits: HMACs, so that the table holds neither addresses nor e-mail addresses.
 * Addresses count by `addressBucket` (an IPv6 /64 as one address). Exported for tests, which age a
 * wait instead of sleeping through it.
 */
export function signInLimitKeys(hashKey: Buffer) {
  const hmac = (...parts: string[]) => createHmac('sha256', hashKey).update(parts.join('\n')).digest('base64url');
  const account = (email: string) => email.trim().toLowerCase();
  const bucket = (clientIp: string | undefined) => addressBucket(clientIp) ?? 'unknown';
  return {
    address: (clientIp: string) => hmac(bucket(clientIp)),
    account: (email: string) => hmac(account(email)),
    pair: (email: string, clientIp: string | undefined) => hmac('pair', account(email), bucket(clientIp)),
  };
}

/** Prefixes of the `rate_limit` rows (the row's key is `<prefix>:<hmac>`). */
export const SIGN_IN_LIMIT_PREFIXES = {
  address: 'sign-in-address',
  pairFailures: 'sign-in-pair-failures',
  pairWait: 'sign-in-pair-wait',
  accountFailures: 'sign-in-account-failures',
  accountWait: 'sign-in-account-wait',
} as const;

/**
 * Limits on the sign-in form, in PostgreSQL so every instance counts together (security review
 * 2026-11-26, finding 7; OWASP ASVS 6.1.1 and 6.3.1):
 * - attempts per client address (any account), over 15 minutes;
 * - wrong passwords per account **and address**: after 5, that address waits before its next
 *   try for that account, 1 minute doubling to 15 minutes. Someone guessing from one place slows
 *   only themselves: the owner signing in from elsewhere is not kept out;
 * - wrong passwords per account from everywhere: past 100 in a day every address waits, with the
 *   same growing delays, so brute force spread over many addresses still stops.
 * Waits are checked before the password is, and a right password from an address clears that
 * address's count. There is no lock that only an administrator can lift.
 */
export function createSignInLimits(
  pool: pg.Pool,
  hashKey: Buffer,
  attemptsPerAddress: number,
  allowances: { addressFreeFailures?: number; accountFreeFailures?: number } = {},
): SignInLimits {
  const addressFree = allowances.addressFreeFailures ?? ADDRESS_FREE_FAILURES;
  const accountFree = allowances.accountFreeFailures ?? ACCOUNT_FREE_FAILURES;
  const keys = signInLimitKeys(hashKey);
  const prefixes = SIGN_IN_LIMIT_PREFIXES;
  const perAddress = pgLimiter(pool, prefixes.address, attemptsPerAddress, ADDRESS_WINDOW_SECONDS);
  // Counters that never refuse by themselves (the waits do), and waits that hold one point.
  const counter = (prefix: string) => pgLimiter(pool, prefix, 1_000_000, FAILURE_WINDOW_SECONDS);
  const waits = (prefix: string) => pgLimiter(pool, prefix, 1, LONGEST_WAIT_SECONDS);
  const pairFailures = counter(prefixes.pairFailures);
  const accountFailures = counter(prefixes.accountFailures);
  const pairWait = waits(prefixes.pairWait);
  const accountWait = waits(prefixes.accountWait);
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  const secondsLeft = async (limiter: ReturnType<typeof waits>, key: string) => {
    const state = await limiter.get(key);
    return state && state.consumedPoints > 1 ? seconds(state.msBeforeNext) : 0;
  };

  return {
    async takeAddressAttempt(clientIp) {
      try {
        await perAddress.consume(clientIp ? keys.address(clientIp) : `unknown-${crypto.randomUUID()}`);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (error) {
        if (error instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: seconds(error.msBeforeNext) };
        throw error;
      }
    },

    async waitBeforePassword(email, clientIp) {
      const [forAccount, forPair] = await Promise.all([
        secondsLeft(accountWait, keys.account(email)),
        secondsLeft(pairWait, keys.pair(email, clientIp)),
      ]);
      if (forAccount >= forPair && forAccount > 0) return { scope: 'account', seconds: forAccount };
      return forPair > 0 ? { scope: 'address', seconds: forPair } : undefined;
    },

    async recordFailure(email, clientIp) {
      const pairKey = keys.pair(email, clientIp);
      const accountKey = keys.account(email);
      const [pair, account] = await Promise.all([pairFailures.consume(pairKey), accountFailures.consume(accountKey)]);
      const forAccount = waitAfterFailures(account.consumedPoints, accountFree);
      const forPair = waitAfterFailures(pair.consumedPoints, addressFree);
      if (forAccount > 0) await accountWait.block(accountKey, forAccount);
      if (forPair > 0) await pairWait.block(pairKey, forPair);
      if (forAccount >= forPair && forAccount > 0) return { scope: 'account', seconds: forAccount };
      return forPair > 0 ? { scope: 'address', seconds: forPair } : undefined;
    },

    async clearFailures(email, clientIp) {
      const pairKey = keys.pair(email, clientIp);
      await Promise.all([pairFailures.delete(pairKey), pairWait.delete(pairKey)]);
    },

    async clearAccount(email) {
      const accountKey = keys.account(email);
      await Promise.all([accountFailures.delete(accountKey), accountWait.delete(accountKey)]);
    },
  };
}
