import type { Logger } from '../logger.ts';
import type { Retention } from '../services/retention/retention.ts';
import type { Job } from './job.ts';

/**
 * The daily erasure of what the privacy policy says goes (decision 0012): reports' personal data
 * and free texts, old contact messages. A minute after an instance starts, as before, and each day
 * at 02:00 UTC (03:00 or 04:00 in Brussels, a quiet hour).
 */
export function retentionJob(retention: Pick<Retention, 'eraseReports' | 'eraseMessages'>, logger: Logger): Job {
  return {
    name: 'retention',
    schedule: { cron: '0 2 * * *', atStart: true },
    maxAttempts: 10,
    async run() {
      const now = new Date();
      const reports = await retention.eraseReports(now);
      const messages = await retention.eraseMessages(now);
      if (reports || messages) logger.info({ reports, messages }, 'retention: personal data erased');
      return undefined;
    },
  };
}
