import type { Logger } from '../logger.ts';
import type { Retention } from '../services/retention/retention.ts';
import type { Job } from './job.ts';

/**
 * Files no row points to (a transaction that never committed, an erasure that crashed before its
 * files went), removed once they are an hour old. A job of its own (decision 0030): a storage
 * outage must not hide a working erasure, nor the reverse. Half an hour after the retention job.
 */
export function orphanSweepJob(retention: Pick<Retention, 'sweepOrphans'>, logger: Logger): Job {
  return {
    name: 'orphan-sweep',
    schedule: { cron: '30 2 * * *', atStart: true },
    maxAttempts: 10,
    async run() {
      const orphans = await retention.sweepOrphans(new Date());
      if (orphans) logger.info({ orphans }, 'retention: orphaned files removed');
      return undefined;
    },
  };
}
