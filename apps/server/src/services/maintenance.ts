import { sql } from 'drizzle-orm';
import type { Logger } from '../logger.ts';
import { reasonOf } from '../monitoring/jobs.ts';
import { SUBMISSION_KEY_HOURS } from './report.service.ts';
import type { Services } from './services.ts';

const EVERY_MS = 10 * 60 * 1000;

/**
 * Housekeeping every ten minutes: forget used ALTCHA challenges, ended follow-up sessions,
 * rate-limit counters and submission keys once expired.
 */
export function startMaintenance(services: Services, logger: Logger) {
  const run = async () => {
    try {
      await services.altcha.deleteExpired();
      await services.followUp.deleteExpired();
      await services.db.execute(sql`delete from rate_limit where expire is not null and expire < ${Date.now()}`);
      // Submission keys answer a second try within a day (decision 0025); then they go, and the
      // receipt sealed under one with them.
      await services.db.execute(
        sql`delete from submission_key where created_at < now() - make_interval(hours => ${SUBMISSION_KEY_HOURS})`,
      );
      await services.jobs.success('maintenance');
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message } }, 'housekeeping failed; it runs again later');
      await services.jobs.failure('maintenance', reasonOf(error));
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
