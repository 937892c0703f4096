import type { Logger } from '../logger.ts';
import type { EarlyWarnings } from '../services/casework/early-warnings.ts';
import type { Job } from './job.ts';

/**
 * Early warning (decision 0052): each minute, one instance looks for incidents that form a pattern,
 * raises or grows the warnings (a unique key per rule and subject keeps a retried or repeated run
 * from raising twice), then kicks the outbox to send a new warning's one e-mail.
 */
export function earlyWarningJob(warnings: Pick<EarlyWarnings, 'run'>, logger: Logger): Job {
  return {
    name: 'early-warning',
    schedule: { cron: '* * * * *' },
    maxAttempts: 3,
    async run({ kick }) {
      const outcome = await warnings.run(new Date());
      if (outcome.raised > 0) kick('outbox');
      if (outcome.raised + outcome.grown + outcome.closed === 0) return 'idle';
      logger.info(outcome, 'early warnings');
      return undefined;
    },
  };
}
