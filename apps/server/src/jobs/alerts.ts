import type { AlertChecker } from '../monitoring/alerts.ts';
import type { Job } from './job.ts';

/** Failing jobs and late queues (decision 0030): opened, resolved and e-mailed each minute. */
export function alertsJob(alerts: Pick<AlertChecker, 'check'>): Job {
  return {
    name: 'alerts',
    schedule: { cron: '* * * * *' },
    maxAttempts: 3,
    async run() {
      await alerts.check();
      return undefined;
    },
  };
}
