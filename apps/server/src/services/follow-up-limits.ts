import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { pgLimiter } from './pg-limiter.ts';
import type { LimitDecision } from './submission-limits.ts';

const HOUR_SECONDS = 60 * 60;

export type FollowUpLimits = {
  /** Seconds this address must wait before it may try a receipt again; 0 when it may. */
  receiptBlockedSeconds(clientIp: string | undefined): Promise<number>;
  recordWrongReceipt(clientIp: string | undefined): Promise<void>;
  /** Counts one message from a reporter; refuses past the hourly limit of the address. */
  takeReply(clientIp: string | undefined): Promise<LimitDecision>;
};

/**
 * Limits of the follow-up page, in PostgreSQL so every instance counts together: wrong receipts
 * per address (right ones cost nothing, so a reporter is never locked out by their own visits) and
 * messages per address. Keys are HMACs: the table never holds an address.
 */
export function createFollowUpLimits(
  pool: pg.Pool,
  hashKey: Buffer,
  settings: { wrongReceiptsPerHourPerIp: number; repliesPerHourPerIp: number },
): FollowUpLimits {
  const limiter = (keyPrefix: string, points: number) => pgLimiter(pool, keyPrefix, points, HOUR_SECONDS);
  const wrongReceipts = limiter('follow-up-receipt', settings.wrongReceiptsPerHourPerIp);
  const replies = limiter('follow-up-reply', settings.repliesPerHourPerIp);
  const keyOf = (clientIp: string | undefined) =>
    clientIp ? createHmac('sha256', hashKey).update(clientIp).digest('base64url') : 'unknown-address';
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    async receiptBlockedSeconds(clientIp) {
      const state = await wrongReceipts.get(keyOf(clientIp));
      if (!state || state.consumedPoints < settings.wrongReceiptsPerHourPerIp) return 0;
      return seconds(state.msBeforeNext);
    },
    async recordWrongReceipt(clientIp) {
      try {
        await wrongReceipts.consume(keyOf(clientIp));
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
      }
    },
    async takeReply(clientIp) {
      try {
        await replies.consume(keyOf(clientIp));
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: seconds(error.msBeforeNext) };
        throw error;
      }
    },
  };
}
