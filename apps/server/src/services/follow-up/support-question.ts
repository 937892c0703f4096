import { SUPPORT_WORDS_MAX_LENGTH, type SupportQuestionView, supportRatingOf } from '@app/core/casework/support';
import { AppError } from '@app/core/errors/app-error';
import { and, eq, isNull } from 'drizzle-orm';
import { createAuditLog } from '../../audit/audit-log.ts';
import type { Encryption } from '../../crypto/encryption.ts';
import type { Db } from '../../db/database.ts';
import { report, reportMessage } from '../../db/schema.ts';
import { supportFeedback } from '../../db/support-schema.ts';
import { markReplyNoticeDue } from './reply-notices.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

/**
 * The support question (decision 0053): when a case closes, the reporter is asked in their thread
 * whether they got the help they needed. Called by the status change in the transaction that
 * closes the report and holds its lock. Asked once per report (the unique key; a case closed
 * again is not asked again), and never of a report nobody can read it for: without a receipt,
 * erased, held back as spam or rejected as spam. The message has no body: the follow-up page
 * writes it in the reader's language, as it does the acknowledgement. A reply notice left by the
 * reporter is told, as for a staff message. Returns whether it was asked now.
 */
export async function askSupportQuestion(
  tx: Tx,
  row: {
    id: string;
    receiptHash: string | null;
    personalDataErasedAt: Date | null;
    isQuarantined: boolean;
    rejectionReason: string | null;
  },
  now: Date,
): Promise<boolean> {
  if (!row.receiptHash || row.personalDataErasedAt || row.isQuarantined || row.rejectionReason === 'spam') return false;
  const [asked] = await tx
    .select({ id: supportFeedback.id })
    .from(supportFeedback)
    .where(eq(supportFeedback.reportId, row.id))
    .limit(1);
  if (asked) return false;
  const [message] = await tx
    .insert(reportMessage)
    .values({ reportId: row.id, author: 'system', body: null, createdAt: now })
    .returning({ id: reportMessage.id });
  if (!message) throw new Error('the support question was not written');
  await tx.insert(supportFeedback).values({ reportId: row.id, messageId: message.id, askedAt: now });
  await markReplyNoticeDue(tx, row.id);
  return true;
}

/** The question and the answer as the reporter's page shows them (never their words again). */
export async function supportQuestionOf(
  db: Reader,
  reportId: string,
): Promise<{ view: SupportQuestionView | null; messageId: string | null }> {
  const [row] = await db.select().from(supportFeedback).where(eq(supportFeedback.reportId, reportId)).limit(1);
  if (!row) return { view: null, messageId: null };
  return {
    view: {
      askedAt: row.askedAt.toISOString(),
      answeredAt: row.answeredAt?.toISOString() ?? null,
      rating: supportRatingOf(row.rating === null ? '' : String(row.rating)) ?? null,
    },
    messageId: row.messageId,
  };
}

/** The answer as a form sends it: 1 to 5, and words (optional). */
export function parseSupportAnswer(input: { rating?: unknown; words?: unknown }) {
  const rating = supportRatingOf(input.rating);
  if (rating === undefined) throw new AppError('followUp.SUPPORT_RATING_REQUIRED');
  const words = typeof input.words === 'string' ? input.words.trim() : '';
  if (words.length > SUPPORT_WORDS_MAX_LENGTH) throw new AppError('followUp.SUPPORT_WORDS_TOO_LONG');
  return { rating, words };
}

/**
 * The reporter answers, through their follow-up session: once (decision 0053: a number that could
 * change after staff read the figures would make them shift; a reporter who wants to say more
 * writes in the thread). One transaction locks the report, writes the answer by a guarded update
 * of a question not yet answered (`followUp.SUPPORT_NOT_OPEN` otherwise) and the audit row, whose
 * actor is the reporter and which holds nothing of the answer.
 */
export async function answerSupportQuestion(
  db: Db,
  encryption: Encryption,
  reportId: string,
  input: { rating?: unknown; words?: unknown },
): Promise<void> {
  const answer = parseSupportAnswer(input);
  const audit = createAuditLog(db);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ erasedAt: report.personalDataErasedAt })
      .from(report)
      .where(eq(report.id, reportId))
      .for('update');
    if (!row || row.erasedAt) throw new AppError('followUp.SUPPORT_NOT_OPEN');
    const answered = await tx
      .update(supportFeedback)
      .set({
        rating: answer.rating,
        words: answer.words === '' ? null : encryption.sealText(answer.words),
        answeredAt: new Date(),
      })
      .where(and(eq(supportFeedback.reportId, reportId), isNull(supportFeedback.answeredAt)))
      .returning({ id: supportFeedback.id });
    if (answered.length !== 1) throw new AppError('followUp.SUPPORT_NOT_OPEN');
    await audit.record(
      { action: 'report.support-answered', actorKind: 'reporter', subjectType: 'report', subjectId: reportId },
      tx,
    );
  });
}
