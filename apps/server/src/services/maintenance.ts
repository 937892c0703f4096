import { sql } from 'drizzle-orm';
import type { Logger } from '../logger.ts';
import type { Services } from './services.ts';

const EVERY_MS = 10 * 60 * 1000;

/**
 * Housekeeping every ten minutes: forget used ALTCHA challenges, ended follow-up sessions and
 * rate-limit counters once expired.
 */
export function startMaintenance(services: Services, logger: Logger) {
  const run = async () => {
    try {
      await services.altcha.deleteExpired();
      await services.followUp.deleteExpired();
      await services.db.execute(sql`delete from rate_limit where expire is not null and expire < ${Date.now()}`);
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message } }, 'housekeeping failed; it runs again later');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
