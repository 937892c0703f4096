import { randomUUID } from 'node:crypto';
import { type ReportSource, WEB_SOURCE } from '@app/core/casework/report-sources';
import { AppError } from '@app/core/errors/app-error';
import type { IncidentType } from '@app/core/forms/incident-types';
import type { ReportSpamCheck, SpamCheck } from '@app/core/forms/plain-forms';
import type { ReportInput } from '@app/core/forms/report.schema';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Encryption } from '../../crypto/encryption.ts';
import type { ReceiptHasher } from '../../crypto/receipts.ts';
import type { SubmissionKeys } from '../../crypto/submission-keys.ts';
import type { Db } from '../../db/database.ts';
import {
  notificationOutbox,
  report,
  reportAttachment,
  reportMessage,
  spooledFile,
  submissionKey,
} from '../../db/schema.ts';
import type { SpoolEntry, SpoolingStore } from '../../storage/spool.ts';
import type { ObjectMetadata, StorageDriver } from '../../storage/storage-driver.ts';
import { StorageError } from '../../storage/storage-error.ts';
import type { PreparedAttachment } from '../../uploads/attachment.ts';
import { hashReportAddresses } from '../casework/incident-suggestions.ts';
import { indexNewReport } from '../casework/search-index.ts';

/** How long a reporter's request waits for the storage, and how much the spool may hold (decision 0025). */
export type UploadSettings = { waitMs: number; spoolMaxBytes: number };

export type UploadDependencies = {
  encryption: Encryption;
  /** Sealed storage over `fileStore`. */
  storage: StorageDriver;
  /** The files as stored, with the spool. */
  fileStore: SpoolingStore;
  uploads: UploadSettings;
  /** Told when a file was spooled, so that it moves at once if the storage is back. */
  onSpooled?: () => void;
};

export type ReportDependencies = UploadDependencies & {
  db: Db;
  receipts: ReceiptHasher;
  submissionKeys: SubmissionKeys;
  /** The types staff mark as urgent (URGENT_INCIDENT_TYPES, decision 0024). */
  urgentIncidentTypes: readonly IncidentType[];
};

/**
 * Whether a report alerts the on-call list and tops the dashboard: its type is one staff mark as
 * urgent, or its reporter says the threat is going on. A report the honeypot caught never is.
 */
export function isUrgentReport(
  input: Pick<ReportInput, 'type' | 'threatOngoing'>,
  urgentIncidentTypes: readonly IncidentType[],
  isQuarantined: boolean,
): boolean {
  return !isQuarantined && (input.threatOngoing === 'yes' || urgentIncidentTypes.includes(input.type));
}

type StoredAttachment = {
  id: string;
  metadata: Awaited<ReturnType<StorageDriver['put']>>;
  originalName: string;
  /** Every file stored here was cleaned as it arrived (a PreparedAttachment). */
  metadataRemoved: true;
};

/** A second try of a submission whose key is taken (by the first try, committed meanwhile). */
class RepeatedSubmission extends Error {}

/** Submission keys are honoured this long: a browser tries again within minutes, not days. */
export const SUBMISSION_KEY_HOURS = 24;

/**
 * Puts a submission's files in storage, sealed, under generated names, before the rows that point
 * to them are written. The storage has `uploads.waitMs` in all (decision 0025): a file it has not
 * taken by then (slow, down, refusing) goes to the spool instead, sealed, to be written in the
 * caller's transaction with the rows, and moved later by the spool mover. If the spool is full,
 * the submission is refused (503) and whatever was stored is removed again.
 */
export async function storeAttachments(
  { storage, fileStore, encryption, uploads }: UploadDependencies,
  reportId: string,
  attachments: PreparedAttachment[],
): Promise<{ stored: StoredAttachment[]; spooled: SpoolEntry[]; discard(): Promise<void> }> {
  const stored: StoredAttachment[] = [];
  const spooled: SpoolEntry[] = [];
  const written: string[] = [];
  const discard = async () => {
    await Promise.allSettled(written.map((fullPath) => storage.delete(fullPath)));
  };
  const wait = new AbortController();
  const timer = setTimeout(() => wait.abort(), uploads.waitMs);
  try {
    for (const attachment of attachments) {
      const id = randomUUID();
      const fullPath = `reports/${reportId}/${id}.${attachment.extension}`;
      const options = { contentType: attachment.contentType };
      let metadata: ObjectMetadata;
      try {
        metadata = await storage.put(fullPath, attachment.data, { ...options, signal: wait.signal });
        written.push(fullPath);
      } catch (error) {
        // A path the storage refuses is a bug of ours, not the storage's state: no spool for it.
        if (!(error instanceof StorageError) || error.code === 'invalid-argument') throw error;
        // Should the put given up have landed after all, the orphan sweeper removes that copy;
        // the mover writes the same bytes over it in the meantime.
        const entry = fileStore.entryFor(fullPath, encryption.seal(attachment.data), options);
        spooled.push(entry);
        metadata = entry.metadata;
      }
      stored.push({ id, metadata, originalName: attachment.originalName, metadataRemoved: attachment.metadataRemoved });
    }
    if (spooled.length > 0) {
      const { bytes } = await fileStore.backlog();
      const adding = spooled.reduce((sum, entry) => sum + entry.data.length, 0);
      if (bytes + adding > uploads.spoolMaxBytes) {
        throw new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: SPOOL_FULL_RETRY_AFTER_SECONDS });
      }
    }
  } catch (error) {
    await discard();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { stored, spooled, discard };
}

const SPOOL_FULL_RETRY_AFTER_SECONDS = 300;

/** The attachment rows of stored files; their original names are sealed; each says its metadata were removed. */
export function attachmentRows(
  encryption: Encryption,
  reportId: string,
  stored: StoredAttachment[],
  messageId: string | null = null,
) {
  return stored.map(({ id, metadata, originalName, metadataRemoved }) => ({
    id,
    reportId,
    messageId,
    ...metadata,
    metadataRemoved,
    timeCreated: new Date(metadata.timeCreated),
    updated: new Date(metadata.updated),
    originalName: originalName ? encryption.sealText(originalName) : null,
  }));
}

/**
 * The first answer to a report sent before under this submission key, if any (decision 0025):
 * its receipt, unless the reporter has used it since (then only that it was received).
 */
export async function findEarlierReport(
  { db, submissionKeys }: Pick<ReportDependencies, 'db' | 'submissionKeys'>,
  key: string,
): Promise<{ reportId: string; receipt?: string } | undefined> {
  const [row] = await db
    .select({ reportId: submissionKey.reportId, sealedAnswer: submissionKey.sealedAnswer })
    .from(submissionKey)
    .where(
      and(
        eq(submissionKey.keyHash, submissionKeys.lookup(key)),
        eq(submissionKey.kind, 'report'),
        gt(submissionKey.createdAt, sql`now() - make_interval(hours => ${SUBMISSION_KEY_HOURS})`),
      ),
    );
  if (!row) return undefined;
  const receipt = row.sealedAnswer ? submissionKeys.openAnswer(key, row.sealedAnswer) : undefined;
  return { reportId: row.reportId, receipt };
}

/**
 * Stores a validated report with its (already checked and cleaned) attachments.
 *
 * The files go to storage first (or to the spool, past the reporter's wait), sealed, under
 * generated names; then one transaction writes the report, its attachment rows, the spooled
 * files, the submission key and the staff notification. A report row therefore never points to
 * a missing file; if the transaction fails, the files just written are removed again (and the
 * sweeper of orphaned files catches what a crash leaves).
 *
 * With a submission key already taken (a second try of the same report), nothing new is kept and
 * the answer is the first one.
 */
type SubmitOptions = { isQuarantined: boolean; spamCheck?: SpamCheck; key?: string };
type Submitted = { reportId: string; receipt: string; repeated: false };
type Repeated = { reportId: string; receipt?: string; repeated: true };

export async function submitReport(
  deps: ReportDependencies,
  input: ReportInput,
  attachments: PreparedAttachment[],
  options: SubmitOptions & { key?: undefined },
): Promise<Submitted>;
export async function submitReport(
  deps: ReportDependencies,
  input: ReportInput,
  attachments: PreparedAttachment[],
  options: SubmitOptions,
): Promise<Submitted | Repeated>;
export async function submitReport(
  deps: ReportDependencies,
  input: ReportInput,
  attachments: PreparedAttachment[],
  { isQuarantined, spamCheck = 'proof-of-work', key }: SubmitOptions,
): Promise<Submitted | Repeated> {
  const { db, encryption, receipts, submissionKeys } = deps;
  if (key) {
    const earlier = await findEarlierReport(deps, key);
    if (earlier) return { ...earlier, repeated: true as const };
  }
  const reportId = randomUUID();
  // The receipt goes back to the reporter in the answer; only its slow hash is kept (and, for a
  // second try of the same report, the answer sealed under the submission key).
  const receipt = receipts.generate();
  const receiptHash = await receipts.hash(receipt);
  const isUrgent = isUrgentReport(input, deps.urgentIncidentTypes, isQuarantined);
  const { stored, spooled, discard } = await storeAttachments(deps, reportId, attachments);
  try {
    await db.transaction(async (tx) => {
      await insertReportRows(tx, encryption, {
        reportId,
        input,
        isQuarantined,
        spamCheck,
        receiptHash,
        isUrgent,
      });
      if (key) {
        // The unique index decides between two tries at once: the second waits for the first to
        // commit, takes nothing, and rolls back.
        const taken = await tx
          .insert(submissionKey)
          .values({
            keyHash: submissionKeys.lookup(key),
            kind: 'report',
            reportId,
            sealedAnswer: submissionKeys.sealAnswer(key, receipt),
          })
          .onConflictDoNothing()
          .returning({ keyHash: submissionKey.keyHash });
        if (taken.length === 0) throw new RepeatedSubmission();
      }
      if (stored.length > 0) await tx.insert(reportAttachment).values(attachmentRows(encryption, reportId, stored));
      await spoolIn(tx, spooled);
    });
  } catch (error) {
    await discard();
    if (error instanceof RepeatedSubmission && key) {
      const earlier = await findEarlierReport(deps, key);
      if (earlier) return { ...earlier, repeated: true as const };
    }
    throw error;
  }
  if (spooled.length > 0) deps.onSpooled?.();
  return { reportId, receipt, repeated: false as const };
}

/** What a report's rows are written from: the checked form, and what the path that took it decided. */
export type ReportRows = {
  reportId: string;
  input: ReportInput;
  isQuarantined: boolean;
  /** How it was checked; `staff-recorded` for a report a member recorded (decision 0057). */
  spamCheck: ReportSpamCheck;
  /** The receipt's slow hash; null when no receipt was made (a staff-recorded report without one). */
  receiptHash: string | null;
  isUrgent: boolean;
  /** How it reached us, and the member who recorded it when not through the web form (decision 0051). */
  source?: ReportSource;
  recordedBy?: string | null;
};

/**
 * Writes a report in the caller's transaction, sealed as every path seals it: the row (identity,
 * place, words, time, police number, consent and addresses sealed), the keyed hashes of its
 * addresses, the thread's automatic acknowledgement, the staff notification and, for an urgent
 * report, the on-call alert. The web form's submission and a report staff record from another
 * channel (decision 0051) both write through here, so they cannot drift apart.
 */
export async function insertReportRows(
  tx: Pick<Db, 'insert'>,
  encryption: Encryption,
  {
    reportId,
    input,
    isQuarantined,
    spamCheck,
    receiptHash,
    isUrgent,
    source = WEB_SOURCE,
    recordedBy = null,
  }: ReportRows,
) {
  const seal = (value: string) => (value ? encryption.sealText(value) : null);
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
    // "I don't know" and no answer are both null: nobody knows the threat has stopped.
    threatOngoing: input.threatOngoing === 'yes' ? true : input.threatOngoing === 'no' ? false : null,
    sharingConsent: encryption.sealText(input.sharingConsent),
    onlineUrls: input.onlineUrls.length > 0 ? encryption.sealText(JSON.stringify(input.onlineUrls)) : null,
    onlinePlatform: input.onlinePlatform || null,
    isUrgent,
    termsAcceptedAt: new Date(),
    isQuarantined,
    spamCheck,
    receiptHash,
    source,
    recordedBy,
  });
  // The keyed hashes of the addresses beside the sealed value, for suggested links (decision 0043).
  await hashReportAddresses(tx, encryption, reportId, input.onlineUrls);
  // The keyed hashes of its words, for search across sealed text (decision 0055).
  await indexNewReport(tx, encryption, reportId, [input.description, input.location, ...input.onlineUrls]);
  // The thread opens with the automatic acknowledgement; its words are the reader's language's.
  await tx.insert(reportMessage).values({ reportId, author: 'system', readAt: new Date() });
  if (!isQuarantined) await tx.insert(notificationOutbox).values({ kind: 'newReport' });
  // The on-call list hears of an urgent report at once, through the same outbox (SMTP down
  // loses nothing; `skip locked` sends it once whatever the number of instances).
  if (isUrgent) await tx.insert(notificationOutbox).values({ kind: 'urgentReport', reportId });
}

/** Writes spooled files in the transaction that writes the rows naming them. */
export async function spoolIn(tx: Pick<Db, 'insert'>, entries: SpoolEntry[]) {
  if (entries.length === 0) return;
  await tx
    .insert(spooledFile)
    .values(entries.map(({ fullPath, data, metadata }) => ({ fullPath, data, metadata, size: data.length })));
}
