import type { RetentionOutcome } from '@app/core/casework/retention';
import { eq } from 'drizzle-orm';
import type { Encryption } from '../../crypto/encryption.ts';
import { reportNote } from '../../db/casework-schema.ts';
import type { Db } from '../../db/database.ts';
import { reportUrlHash } from '../../db/incident-link-schema.ts';
import { reportReminder } from '../../db/reminders-schema.ts';
import { replyNotice } from '../../db/reply-notice-schema.ts';
import { reportErasure } from '../../db/retention-schema.ts';
import { followUpSession, report, reportAttachment, reportMessage } from '../../db/schema.ts';
import { reportSupport, supportFeedback, supportService } from '../../db/support-schema.ts';
import { emptyReportIndex } from '../casework/search-index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Why a report's personal data is erased: its outcome's period ran out, or its reporter asked. */
export type ErasureCause = { via: 'retention'; outcome: RetentionOutcome; periodMonths: number } | { via: 'request' };

/**
 * Erases a report's personal data and free texts inside the caller's transaction, which holds the
 * report's lock, and leaves the `report_erasure` record: no name, no text, only what happened and
 * why. What is counted stays (type, date, place, status). Returns the stored files to delete once
 * the transaction has committed (a crash in between leaves orphans, which the sweeper removes).
 *
 * An erasure the reporter asked for keeps the receipt's lookup hash: the receipt then still opens
 * the follow-up page, which says the report was erased (decision 0046); the retention job's erases it.
 */
export async function eraseReportData(
  tx: Tx,
  encryption: Encryption,
  id: string,
  now: Date,
  cause: ErasureCause,
): Promise<string[]> {
  const files = await tx
    .select({ fullPath: reportAttachment.fullPath })
    .from(reportAttachment)
    .where(eq(reportAttachment.reportId, id));
  const emptySealed = () => encryption.sealText('');
  await tx
    .update(report)
    .set({
      personalData: null,
      location: emptySealed(),
      description: emptySealed(),
      incidentTime: null,
      policeReportNumber: null,
      // The addresses of online content can lead to the reporter; the consent is theirs.
      onlineUrls: null,
      sharingConsent: null,
      ...(cause.via === 'retention' ? { receiptHash: null } : {}),
      personalDataErasedAt: now,
    })
    .where(eq(report.id, id));
  await tx.delete(reportAttachment).where(eq(reportAttachment.reportId, id));
  // The keyed hashes of the addresses go with them (decision 0043): nothing left to match.
  await tx.delete(reportUrlHash).where(eq(reportUrlHash.reportId, id));
  await tx.delete(reportMessage).where(eq(reportMessage.reportId, id));
  // The keyed hashes of its words go with the words (decision 0055): nothing left to find it by.
  await emptyReportIndex(tx, id);
  await tx.delete(reportNote).where(eq(reportNote.reportId, id));
  // A reminder's note is a free text about the case like a note: it goes with them.
  await tx.delete(reportReminder).where(eq(reportReminder.reportId, id));
  await tx.delete(followUpSession).where(eq(followUpSession.reportId, id));
  // Support (decision 0053): the safety plan, what was done and the reporter's words go; the needs,
  // the services' kinds and days and the answer's rating stay, as counts do.
  await tx.update(reportSupport).set({ safetyPlan: null }).where(eq(reportSupport.reportId, id));
  await tx
    .update(supportService)
    .set({ description: null, withdrawalReason: null })
    .where(eq(supportService.reportId, id));
  await tx.update(supportFeedback).set({ words: null }).where(eq(supportFeedback.reportId, id));
  // The reporter's reply-notice address goes with the report's other personal data.
  await tx.delete(replyNotice).where(eq(replyNotice.reportId, id));
  await tx.insert(reportErasure).values({
    reportId: id,
    erasedAt: now,
    via: cause.via,
    outcome: cause.via === 'retention' ? cause.outcome : null,
    periodMonths: cause.via === 'retention' ? cause.periodMonths : null,
    files: files.length,
  });
  return files.map((file) => file.fullPath);
}
