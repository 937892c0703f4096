import { randomUUID } from 'node:crypto';
import type { ReportInput } from '@app/core/report.schema';
import type { Encryption } from '../crypto/encryption.ts';
import type { Db } from '../db/database.ts';
import { notificationOutbox, report, reportAttachment } from '../db/schema.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import type { PreparedAttachment } from '../uploads/attachment.ts';

export type ReportDependencies = { db: Db; encryption: Encryption; storage: StorageDriver };

/**
 * Stores a validated report with its (already checked and cleaned) attachments.
 *
 * The files go to storage first, sealed, under generated names; then one transaction writes the
 * report, its attachment rows and the staff notification. A report row therefore never points to
 * a missing file; if the transaction fails, the files just written are removed again (and the
 * sweeper of orphaned files catches what a crash leaves).
 */
export async function submitReport(
  { db, encryption, storage }: ReportDependencies,
  input: ReportInput,
  attachments: PreparedAttachment[],
  { isQuarantined }: { isQuarantined: boolean },
): Promise<{ reportId: string }> {
  const reportId = randomUUID();
  const seal = (value: string) => (value ? encryption.sealText(value) : null);
  const stored: { id: string; metadata: Awaited<ReturnType<StorageDriver['put']>>; originalName: string }[] = [];
  try {
    for (const attachment of attachments) {
      const id = randomUUID();
      const metadata = await storage.put(`reports/${reportId}/${id}.${attachment.extension}`, attachment.data, {
        contentType: attachment.contentType,
      });
      stored.push({ id, metadata, originalName: attachment.originalName });
    }
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
      });
      if (stored.length > 0) {
        await tx.insert(reportAttachment).values(
          stored.map(({ id, metadata, originalName }) => ({
            id,
            reportId,
            ...metadata,
            timeCreated: new Date(metadata.timeCreated),
            updated: new Date(metadata.updated),
            originalName: seal(originalName),
          })),
        );
      }
      if (!isQuarantined) await tx.insert(notificationOutbox).values({ kind: 'newReport' });
    });
  } catch (error) {
    await Promise.allSettled(stored.map(({ metadata }) => storage.delete(metadata.fullPath)));
    throw error;
  }
  return { reportId };
}
