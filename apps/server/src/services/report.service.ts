import { randomUUID } from 'node:crypto';
import type { SpamCheck } from '@app/core/plain-forms';
import type { ReportInput } from '@app/core/report.schema';
import type { Encryption } from '../crypto/encryption.ts';
import type { ReceiptHasher } from '../crypto/receipts.ts';
import type { Db } from '../db/database.ts';
import { notificationOutbox, report, reportAttachment, reportMessage } from '../db/schema.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import type { PreparedAttachment } from '../uploads/attachment.ts';

export type ReportDependencies = { db: Db; encryption: Encryption; storage: StorageDriver; receipts: ReceiptHasher };

type StoredAttachment = { id: string; metadata: Awaited<ReturnType<StorageDriver['put']>>; originalName: string };

/**
 * Puts a report's files in storage, sealed, under generated names, before the rows that point to
 * them are written. On failure, whatever was stored is removed again.
 */
export async function storeAttachments(
  storage: StorageDriver,
  reportId: string,
  attachments: PreparedAttachment[],
): Promise<{ stored: StoredAttachment[]; discard(): Promise<void> }> {
  const stored: StoredAttachment[] = [];
  const discard = async () => {
    await Promise.allSettled(stored.map(({ metadata }) => storage.delete(metadata.fullPath)));
  };
  try {
    for (const attachment of attachments) {
      const id = randomUUID();
      const metadata = await storage.put(`reports/${reportId}/${id}.${attachment.extension}`, attachment.data, {
        contentType: attachment.contentType,
      });
      stored.push({ id, metadata, originalName: attachment.originalName });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { stored, discard };
}

/** The attachment rows of stored files; their original names are sealed. */
export function attachmentRows(
  encryption: Encryption,
  reportId: string,
  stored: StoredAttachment[],
  messageId: string | null = null,
) {
  return stored.map(({ id, metadata, originalName }) => ({
    id,
    reportId,
    messageId,
    ...metadata,
    timeCreated: new Date(metadata.timeCreated),
    updated: new Date(metadata.updated),
    originalName: originalName ? encryption.sealText(originalName) : null,
  }));
}

/**
 * Stores a validated report with its (already checked and cleaned) attachments.
 *
 * The files go to storage first, sealed, under generated names; then one transaction writes the
 * report, its attachment rows and the staff notification. A report row therefore never points to
 * a missing file; if the transaction fails, the files just written are removed again (and the
 * sweeper of orphaned files catches what a crash leaves).
 */
export async function submitReport(
  { db, encryption, storage, receipts }: ReportDependencies,
  input: ReportInput,
  attachments: PreparedAttachment[],
  { isQuarantined, spamCheck = 'proof-of-work' }: { isQuarantined: boolean; spamCheck?: SpamCheck },
): Promise<{ reportId: string; receipt: string }> {
  const reportId = randomUUID();
  const seal = (value: string) => (value ? encryption.sealText(value) : null);
  // The receipt goes back to the reporter once, in the answer; only its slow hash is kept.
  const receipt = receipts.generate();
  const receiptHash = await receipts.hash(receipt);
  const { stored, discard } = await storeAttachments(storage, reportId, attachments);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(report).values({
        id: reportId,
        language: input.language,
        isAnonymous: input.anonymous,
        personalData: input.anonymous
          ? null
          : encryption.sealText(
              JSON.stringify({
                firstName: input.firstName,
                lastName: input.lastName,
                phone: input.phone,
                email: input.email,
                address: input.address,
              }),
            ),
        incidentDate: input.date,
        incidentTime: seal(input.time),
        location: encryption.sealText(input.location),
        incidentType: input.type,
        description: encryption.sealText(input.description),
        calledPolice: input.calledPolice === 'yes',
        policeReportNumber: seal(input.policeReportNumber),
        calledOrganisation: input.calledOrganisation === 'yes',
        medicalTreatment: input.medicalTreatment === 'yes',
        termsAcceptedAt: new Date(),
        isQuarantined,
        spamCheck,
        receiptHash,
      });
      if (stored.length > 0) await tx.insert(reportAttachment).values(attachmentRows(encryption, reportId, stored));
      // The thread opens with the automatic acknowledgement; its words are the reader's language's.
      await tx.insert(reportMessage).values({ reportId, author: 'system', readAt: new Date() });
      if (!isQuarantined) await tx.insert(notificationOutbox).values({ kind: 'newReport' });
    });
  } catch (error) {
    await discard();
    throw error;
  }
  return { reportId, receipt };
}
