import type pg from 'pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';

/**
 * A limiter counting in the `rate_limit` table (created by our migrations, emptied of expired rows
 * by the maintenance job), so that every instance counts together.
 */
export function pgLimiter(pool: pg.Pool, keyPrefix: string, points: number, durationSeconds: number) {
  return new RateLimiterPostgres({
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
