import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { addressBucket } from '../../limits/address-bucket.ts';
import { pgLimiter } from '../../limits/pg-limiter.ts';
import type { LimitDecision } from '../intake/submission-limits.ts';

const HOUR_SECONDS = 60 * 60;

export type FollowUpLimits = {
  /**
   * Counts a receipt attempt from this address before anything is hashed, so that a parallel burst
   * cannot pass the limit (finding 8); refused once the address is past it.
   */
  takeReceiptAttempt(clientIp: string | undefined): Promise<LimitDecision>;
  /** A right receipt gives its attempt back: a reporter is never locked out by their own visits. */
  returnReceiptAttempt(clientIp: string | undefined): Promise<void>;
  /** Counts one message from a reporter; refuses past the hourly limit of the address. */
  takeReply(clientIp: string | undefined): Promise<LimitDecision>;
};

/**
 * Limits of the follow-up page, in PostgreSQL so every instance counts together: wrong receipts
 * per address and messages per address (IPv6 by its /64). Keys are HMACs: the table never holds an
 * address.
 */
export function createFollowUpLimits(
  pool: pg.Pool,
  hashKey: Buffer,
  settings: { wrongReceiptsPerHourPerIp: number; repliesPerHourPerIp: number },
): FollowUpLimits {
  const limiter = (keyPrefix: string, points: number) => pgLimiter(pool, keyPrefix, points, HOUR_SECONDS);
  const receiptAttempts = limiter('follow-up-receipt', settings.wrongReceiptsPerHourPerIp);
  const replies = limiter('follow-up-reply', settings.repliesPerHourPerIp);
  const keyOf = (clientIp: string | undefined) => {
    const bucket = addressBucket(clientIp);
    return bucket ? createHmac('sha256', hashKey).update(bucket).digest('base64url') : 'unknown-address';
  };
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  const take = async (target: typeof replies, key: string): Promise<LimitDecision> => {
    try {
      await target.consume(key);
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: seconds(error.msBeforeNext) };
      throw error;
    }
  };

  return {
    takeReceiptAttempt: (clientIp) => take(receiptAttempts, keyOf(clientIp)),
    async returnReceiptAttempt(clientIp) {
      await receiptAttempts.reward(keyOf(clientIp), 1);
    },
    takeReply: (clientIp) => take(replies, keyOf(clientIp)),
  };
}
