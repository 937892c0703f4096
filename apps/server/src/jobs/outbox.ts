import type { NotificationWorker } from '../mail/notifications.ts';
import type { Job } from './job.ts';

/** How long after a pass the next one starts, unless a submission kicks it earlier. */
export const OUTBOX_EVERY_MS = 5_000;

/**
 * The notification outbox: e-mails to staff queued in the transactions that called for them. A
 * notification SMTP refuses waits in the outbox with its own growing pause (30 s doubling to an
 * hour), so the run records the failure and is not tried again itself.
 */
export function outboxJob(notifications: Pick<NotificationWorker, 'sendPending'>, everyMs = OUTBOX_EVERY_MS): Job {
  return {
    name: 'outbox',
    schedule: { everyMs },
    maxAttempts: 5,
    async run() {
      const { sent, failed, reason } = await notifications.sendPending();
      if (failed > 0) return { failed: reason ?? 'Error' };
      return sent > 0 ? undefined : 'idle';
    },
  };
}
