import type { NotificationWorker } from '../mail/notifications.ts';
import type { ReplyNotices } from '../services/follow-up/reply-notices.ts';
import type { Job } from './job.ts';

/** How long after a pass the next one starts, unless a submission kicks it earlier. */
export const OUTBOX_EVERY_MS = 5_000;

/**
 * The notification outbox: e-mails to staff queued in the transactions that called for them. A
 * notification SMTP refuses waits in the outbox with its own growing pause (30 s doubling to an
 * hour), so the run records the failure and is not tried again itself. The reporters' reply notices
 * (decision 0041) go out in the same pass, after the staff e-mails.
 */
export function outboxJob(
  notifications: Pick<NotificationWorker, 'sendPending'>,
  replyNotices?: Pick<ReplyNotices, 'sendPending'>,
  everyMs = OUTBOX_EVERY_MS,
): Job {
  return {
    name: 'outbox',
    schedule: { everyMs },
    maxAttempts: 5,
    async run() {
      const staff = await notifications.sendPending();
      const notices = replyNotices ? await replyNotices.sendPending() : { sent: 0, failed: 0, reason: undefined };
      if (staff.failed > 0) return { failed: staff.reason ?? 'Error' };
      if (notices.failed > 0) return { failed: notices.reason ?? 'Error' };
      return staff.sent + notices.sent > 0 ? undefined : 'idle';
    },
  };
}
