import { AppError } from '@app/core/errors/app-error';
import { type ReplyNoticeInput, replyNoticeSchema } from '@app/core/forms/reply-notice';
import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Encryption } from '../../crypto/encryption.ts';
import type { Db } from '../../db/database.ts';
import { replyNotice } from '../../db/reply-notice-schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const MAX_BACKOFF_SECONDS = 60 * 60;

/**
 * Marks a report's reply notice due, in the transaction that writes the staff message (the
 * operation `reply-to-reporter`). Nothing happens when the reporter left no address.
 */
export function markReplyNoticeDue(tx: Pick<Tx, 'update'>, reportId: string) {
  return tx
    .update(replyNotice)
    .set({ dueSince: sql`coalesce(${replyNotice.dueSince}, now())`, nextAttemptAt: sql`now()` })
    .where(eq(replyNotice.reportId, reportId));
}

/** The one mail a reply notice ever is: a neutral sender, a fixed sentence, nothing of the report. */
export function composeReplyNotice(language: Language, sender: 'notifications' | 'messages', from: string, to: string) {
  const messages = resources[language].emails.replyNotice;
  return {
    from: { name: messages.senders[sender], address: from },
    to,
    subject: messages.subject,
    text: messages.body,
  };
}

/**
 * Reply notices (decision 0041): the reporter's address, sealed in its own table, set and turned
 * off from the follow-up page, told by `sendPending` that a staff message waits. The outbox job
 * runs it; a notice SMTP refuses waits with its own growing pause.
 */
export function createReplyNotices({
  db,
  encryption,
  smtpUrl,
  from,
}: {
  db: Db;
  encryption: Encryption;
  smtpUrl: string | undefined;
  from: string;
}) {
  const transport: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async set(reportId: string, input: ReplyNoticeInput, language: Language): Promise<void> {
      const parsed = replyNoticeSchema.safeParse(input);
      if (!parsed.success) {
        throw new AppError(
          replyNoticeSchema.shape.sender.safeParse(input.sender).success
            ? 'followUp.NOTICE_ADDRESS_INVALID'
            : 'followUp.NOTICE_SENDER_INVALID',
        );
      }
      const notice = parsed.data;
      const values = { address: encryption.sealText(notice.address), sender: notice.sender, language };
      await db
        .insert(replyNotice)
        .values({ reportId, ...values })
        .onConflictDoUpdate({ target: replyNotice.reportId, set: values });
    },
    async stop(reportId: string): Promise<void> {
      await db.delete(replyNotice).where(eq(replyNotice.reportId, reportId));
    },
    /** Whether the report has a notice, and under which sender; never the address. */
    async of(reportId: string) {
      const [row] = await db
        .select({ sender: replyNotice.sender })
        .from(replyNotice)
        .where(eq(replyNotice.reportId, reportId));
      return row ?? null;
    },
    async sendPending(now = new Date()): Promise<{ sent: number; failed: number; reason?: string }> {
      const outcome: { sent: number; failed: number; reason?: string } = { sent: 0, failed: 0 };
      if (!transport) return outcome;
      const due = await db
        .select()
        .from(replyNotice)
        .where(and(isNotNull(replyNotice.dueSince), lte(replyNotice.nextAttemptAt, now)))
        .limit(50);
      for (const row of due) {
        try {
          await transport.sendMail(
            composeReplyNotice(row.language, row.sender, from, encryption.openText(row.address)),
          );
          // Told: a message written while this went out is on the same page, which the reporter opens.
          await db
            .update(replyNotice)
            .set({ dueSince: null, attempts: 0, lastSentAt: now })
            .where(eq(replyNotice.id, row.id));
          outcome.sent += 1;
        } catch (error) {
          const attempts = row.attempts + 1;
          const pause = Math.min(30 * 2 ** (attempts - 1), MAX_BACKOFF_SECONDS);
          await db
            .update(replyNotice)
            .set({ attempts, nextAttemptAt: new Date(now.getTime() + pause * 1000) })
            .where(eq(replyNotice.id, row.id));
          outcome.failed += 1;
          outcome.reason = error instanceof Error ? error.name : 'Error';
        }
      }
      return outcome;
    },
  };
}

export type ReplyNotices = ReturnType<typeof createReplyNotices>;
