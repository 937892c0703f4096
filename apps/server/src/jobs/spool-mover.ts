import type { SpoolMover } from '../storage/spool-mover.ts';
import type { Job } from './job.ts';

export const SPOOL_MOVER_EVERY_MS = 30_000;

/**
 * Spooled files to the storage (decision 0025). A file the storage does not take stays spooled
 * with its own pause (a minute doubling to an hour): the run records the failure and is not tried
 * again itself. When the instance stops, the move under way is abandoned and the file left for the
 * next run.
 */
export function spoolMoverJob(mover: Pick<SpoolMover, 'moveDue'>, everyMs = SPOOL_MOVER_EVERY_MS): Job {
  return {
    name: 'spool-mover',
    schedule: { everyMs },
    maxAttempts: 5,
    async run({ signal }) {
      const { moved, failed, errors } = await mover.moveDue(new Date(), signal);
      if (failed > 0) return { failed: errors[0] ?? 'unknown' };
      return moved > 0 ? undefined : 'idle';
    },
  };
}
