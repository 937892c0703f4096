import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { type RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { pgLimiter } from './pg-limiter.ts';

const HOUR_SECONDS = 60 * 60;

export type SubmissionKind = 'report' | 'message';
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type SubmissionLimits = {
  /**
   * Counts one submission from this address; refuses past the per-address or the global limit, and,
   * for a submission without the proof of work (`withoutCheck`), past the lower ceiling of those.
   */
  consume(
    kind: SubmissionKind,
    clientIp: string | undefined,
    options?: { withoutCheck?: boolean },
  ): Promise<LimitDecision>;
};

/**
 * Per-address limits (at most N reports and N messages an hour from one address) and a global
 * ceiling for all submissions together, in PostgreSQL so that every instance counts together.
 * Addresses are stored only as keyed hashes: the table never holds a client's IP.
 */
export function createSubmissionLimits(
  pool: pg.Pool,
  hashKey: Buffer,
  settings: {
    reportsPerHourPerIp: number;
    messagesPerHourPerIp: number;
    submissionsPerHour: number;
    submissionsWithoutCheckPerHour?: number;
  },
): SubmissionLimits {
  const limiter = (keyPrefix: string, points: number) => pgLimiter(pool, keyPrefix, points, HOUR_SECONDS);
  const perAddress = {
    report: limiter('report', settings.reportsPerHourPerIp),
    message: limiter('message', settings.messagesPerHourPerIp),
  };
  const everyone = limiter('all', settings.submissionsPerHour);
  const withoutCheck = limiter('without-check', settings.submissionsWithoutCheckPerHour ?? 30);
  const anonymise = (ip: string) => createHmac('sha256', hashKey).update(ip).digest('base64url');

  const take = async (target: RateLimiterPostgres, key: string): Promise<LimitDecision> => {
    try {
      await target.consume(key);
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
      throw error;
    }
  };

  return {
    async consume(kind, clientIp, options = {}) {
      // Without an address (it should not happen behind a sane proxy) the request gets a key of its
      // own rather than one shared bucket that a single abuser could fill for everyone.
      const key = clientIp ? anonymise(clientIp) : `unknown-${crypto.randomUUID()}`;
      const own = await take(perAddress[kind], key);
      if (!own.allowed) return own;
      if (options.withoutCheck) {
        const plain = await take(withoutCheck, 'global');
        if (!plain.allowed) return plain;
      }
      return take(everyone, 'global');
    },
  };
}
