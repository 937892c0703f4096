import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { type RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { addressBucket } from '../../limits/address-bucket.ts';
import { pgLimiter } from '../../limits/pg-limiter.ts';

const HOUR_SECONDS = 60 * 60;
/**
 * Past the global ceiling, submissions are kept in quarantine rather than refused; past this many
 * times the ceiling, they are refused after all: a flood must not fill the disk either.
 */
export const HARD_CEILING_FACTOR = 10;

export type SubmissionKind = 'report' | 'message';
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };
/** Allowed past the global ceiling: kept, in quarantine, for staff to look at (finding 8). */
export type SubmissionDecision = { allowed: true; quarantine: boolean } | { allowed: false; retryAfterSeconds: number };

export type SubmissionLimits = {
  /**
   * Counts one submission from this address (IPv6 by its /64). Refuses past the per-address limit.
   * Past the global ceiling (or, for a submission without the proof of work, the lower ceiling of
   * those) the submission is allowed in quarantine, so that one abuser cannot shut every reporter
   * out for the hour; past HARD_CEILING_FACTOR times the ceiling it is refused.
   */
  consume(
    kind: SubmissionKind,
    clientIp: string | undefined,
    options?: { withoutCheck?: boolean },
  ): Promise<SubmissionDecision>;
  /** True while the global ceiling is passed: the proof of work asked of browsers is harder. */
  isPastCeiling(): Promise<boolean>;
  /**
   * Counts one post of a form without JavaScript from this address (every step and every try);
   * refused past the limit of 10 minutes, before its body is read (decision 0033).
   */
  takePlainFormPost(clientIp: string | undefined): Promise<LimitDecision>;
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
    plainFormPostsPer10MinutesPerIp?: number;
  },
): SubmissionLimits {
  const limiter = (keyPrefix: string, points: number) => pgLimiter(pool, keyPrefix, points, HOUR_SECONDS);
  const perAddress = {
    report: limiter('report', settings.reportsPerHourPerIp),
    message: limiter('message', settings.messagesPerHourPerIp),
  };
  const ceiling = settings.submissionsPerHour;
  const ceilingWithoutCheck = settings.submissionsWithoutCheckPerHour ?? 30;
  // The global counters go on past their ceilings, up to the hard ceiling.
  const everyone = limiter('all', ceiling * HARD_CEILING_FACTOR);
  const withoutCheck = limiter('without-check', ceilingWithoutCheck * HARD_CEILING_FACTOR);
  const plainFormPosts = pgLimiter(pool, 'plain-form-post', settings.plainFormPostsPer10MinutesPerIp ?? 40, 10 * 60, {
    rememberRefusals: true,
  });
  const anonymise = (bucket: string) => createHmac('sha256', hashKey).update(bucket).digest('base64url');

  /** The points consumed after this one, or a refusal once the counter is full. */
  const take = async (target: RateLimiterPostgres, key: string) => {
    try {
      const state = await target.consume(key);
      return { allowed: true as const, consumed: state.consumedPoints };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        return { allowed: false as const, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
      throw error;
    }
  };

  return {
    async consume(kind, clientIp, options = {}) {
      // Without an address (it should not happen behind a sane proxy) the request gets a key of its
      // own rather than one shared bucket that a single abuser could fill for everyone.
      const bucket = addressBucket(clientIp);
      const key = bucket ? anonymise(bucket) : `unknown-${crypto.randomUUID()}`;
      const own = await take(perAddress[kind], key);
      if (!own.allowed) return own;
      let quarantine = false;
      if (options.withoutCheck) {
        const plain = await take(withoutCheck, 'global');
        if (!plain.allowed) return plain;
        quarantine = plain.consumed > ceilingWithoutCheck;
      }
      const all = await take(everyone, 'global');
      if (!all.allowed) return all;
      return { allowed: true, quarantine: quarantine || all.consumed > ceiling };
    },
    async takePlainFormPost(clientIp) {
      const bucket = addressBucket(clientIp);
      const taken = await take(plainFormPosts, bucket ? anonymise(bucket) : `unknown-${crypto.randomUUID()}`);
      return taken.allowed ? { allowed: true } : taken;
    },
    async isPastCeiling() {
      const state = await everyone.get('global');
      return (state?.consumedPoints ?? 0) >= ceiling;
    },
  };
}
