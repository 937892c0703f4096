import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database.ts';
import { notificationOutbox } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { NotificationKind } from './notification-kinds.ts';

export type { NotificationKind };

const POLL_EVERY_MS = 5_000;
const MAX_BACKOFF_SECONDS = 60 * 60;

export type NotificationSettings = {
  smtpUrl: string | undefined;
  from: string;
  recipients: string[];
  language: Language;
  organisationName: string;
  /** Where staff read the new item; carries no identifier of it. */
  internalUrl: string;
};

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '');
}

/** The email for a notification: what arrived and where to read it, never a word of its content. */
export function composeNotification(kind: NotificationKind, settings: NotificationSettings) {
  const messages = resources[settings.language].emails[kind];
  return {
    from: settings.from,
    to: settings.recipients,
    subject: messages.subject,
    text: fill(messages.body, { organisation: settings.organisationName, link: settings.internalUrl }),
  };
}

/**
 * Sends the notifications waiting in the outbox; one that fails stays there and is tried again
 * later, with a growing pause (SMTP down must never lose a notification, nor a submission).
 * Several instances can run this at once: `skip locked` gives each row to one of them.
 */
export function startNotificationWorker(db: Db, settings: NotificationSettings, logger: Logger) {
  const transport: Transporter | undefined = settings.smtpUrl
    ? nodemailer.createTransport(settings.smtpUrl)
    : undefined;
  if (!transport || settings.recipients.length === 0) {
    logger.warn('SMTP_URL or NOTIFY_EMAILS is not set: staff notifications wait in the outbox until they are');
  }
  let running: Promise<void> | undefined;
  let stopped = false;

  const sendPending = async () => {
    if (!transport || settings.recipients.length === 0) return;
    await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(notificationOutbox)
        .where(and(isNull(notificationOutbox.sentAt), lte(notificationOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(notificationOutbox.createdAt)
        .limit(20)
        .for('update', { skipLocked: true });
      for (const row of due) {
        try {
          await transport.sendMail(composeNotification(row.kind as NotificationKind, settings));
          await tx.update(notificationOutbox).set({ sentAt: sql`now()` }).where(eq(notificationOutbox.id, row.id));
        } catch (error) {
          const delay = Math.min(MAX_BACKOFF_SECONDS, 30 * 2 ** row.attempts);
          logger.warn({ attempts: row.attempts + 1, retryInSeconds: delay }, 'a staff notification could not be sent');
          await tx
            .update(notificationOutbox)
            .set({
              attempts: row.attempts + 1,
              lastError: (error as Error).message.slice(0, 500),
              nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
            })
            .where(eq(notificationOutbox.id, row.id));
        }
      }
    });
  };

  const runOnce = () => {
    running ??= sendPending()
      .catch((error: Error) =>
        logger.warn({ err: { message: error.message } }, 'the notification outbox could not be read'),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, POLL_EVERY_MS);
  timer.unref();

  return {
    /** Send now rather than at the next poll (right after a submission). */
    kick: () => void runOnce(),
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}

export type NotificationWorker = ReturnType<typeof startNotificationWorker>;
