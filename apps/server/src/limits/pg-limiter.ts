import type pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';

/**
 * A limiter counting in the `rate_limit` table (created by our migrations, emptied of expired rows
 * by the maintenance job), so that every instance counts together.
 */
export function pgLimiter(
  pool: pg.Pool,
  keyPrefix: string,
  points: number,
  durationSeconds: number,
  /**
   * Once a key is refused, refuse it from this instance's memory until its window ends, without
   * asking PostgreSQL again: for a limit that a flood hits over and over (decision 0033).
   */
  { rememberRefusals = false }: { rememberRefusals?: boolean } = {},
) {
  return new RateLimiterPostgres({
    ...(rememberRefusals ? { inMemoryBlockOnConsumed: points + 1 } : {}),
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limit',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix,
    points,
    duration: durationSeconds,
  });
}
