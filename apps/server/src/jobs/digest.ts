import type { Logger } from '../logger.ts';
import type { Digest } from '../services/casework/digest.ts';
import type { Job } from './job.ts';

/**
 * The daily digest (decision 0028): each minute, the digests owed from DIGEST_HOUR in Brussels are
 * claimed and queued (a unique key per member and day keeps a retried run from queuing twice),
 * then the outbox is kicked to send them.
 */
export function digestJob(digest: Pick<Digest, 'run'>, logger: Logger): Job {
  return {
    name: 'digest',
    schedule: { cron: '* * * * *' },
    maxAttempts: 3,
    async run({ kick }) {
      const outcome = await digest.run(new Date());
      if (outcome.queued > 0) kick('outbox');
      if (outcome.queued + outcome.empty > 0) logger.info(outcome, 'daily digests claimed');
      return outcome.queued + outcome.empty > 0 ? undefined : 'idle';
    },
  };
}
