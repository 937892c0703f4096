import { createHash, randomUUID } from 'node:crypto';
import {
  consentAllowsIdentity,
  type EvidencePackInput,
  evidencePackSchema,
  PACK_MAX_BYTES,
  type PackFileEntry,
  type ProducedEvidencePack,
} from '@app/core/casework/evidence-pack';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { ATTACHMENT_TYPES, type AttachmentType } from '@app/core/forms/limits';
import { todayInBelgium } from '@app/core/site/dates';
import { isUuid } from '@app/core/site/ids';
import { asc, eq } from 'drizzle-orm';
import { reportStatusChange } from '../../db/casework-schema.ts';
import { reportDisclosure } from '../../db/reporter-control-schema.ts';
import { incident, report, reportAttachment, reportMessage } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { presentEvidencePack } from '../presenters/evidence-pack-presenter.ts';
import { openReporterIdentity } from '../presenters/sealed-identity.ts';
import { lockReport } from './report-queries.ts';
import { consentToPassOnOrThrow } from './sharing-consent.ts';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * An evidence pack for the police or Unia (decision 0026). Permission: reports:manage.
 *
 * Nothing is made that the reporter's answer does not allow (decision 0048): not after a "no" or a
 * withdrawal, not after "ask me first" (or no answer) before the coordinator records that they
 * asked and were told yes. The reporter's identity goes in only when the reporter consented ("yes",
 * or "ask me first" once asked) **and** the coordinator ticked the confirmation; in every
 * other case the pack says it is withheld. The files are read once here, one at a time, for their
 * SHA-256; the audit row, written in the transaction that holds the report, names what went in
 * (recipient, language, format, identity or not, which messages and files with their fingerprints,
 * and which files are PDFs received before PDFs were cleaned), never the content. Such a PDF may
 * still name its author: the pack says so beside it (decision 0031). The caller sends the pack after
 * this returns. `NOT_FOUND` for an id that names no report; a rule of the pack's form is a code of
 * the `evidencePack` section, which the report's page shows.
 */
export async function produceEvidencePack(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: EvidencePackInput,
): Promise<ProducedEvidencePack> {
  await authorize(deps, actor, 'reports:manage');
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const request = parsedOrThrow('evidencePack', evidencePackSchema.safeParse(input));

  const [known] = await deps.db
    .select({ id: report.id, erasedAt: report.personalDataErasedAt })
    .from(report)
    .where(eq(report.id, id))
    .limit(1);
  if (!known) throw new AppError('NOT_FOUND');
  if (known.erasedAt) throw new AppError('evidencePack.erased');

  // The files first: their fingerprints are part of what the pack and the audit row say.
  const attachments = await deps.db
    .select()
    .from(reportAttachment)
    .where(eq(reportAttachment.reportId, id))
    .orderBy(asc(reportAttachment.timeCreated), asc(reportAttachment.id));
  const byId = new Map(attachments.map((file) => [file.id, file]));
  if (request.fileIds.some((fileId) => !byId.has(fileId))) throw new AppError('evidencePack.unknownItem');
  const chosenFiles = attachments.filter((file) => request.fileIds.includes(file.id));
  if (chosenFiles.reduce((total, file) => total + file.size, 0) > PACK_MAX_BYTES) {
    throw new AppError('evidencePack.tooLarge');
  }
  const fingerprints = new Map<string, { sha256: string; size: number }>();
  for (const file of chosenFiles) {
    const { data } = await deps.storage.get(file.fullPath);
    fingerprints.set(file.id, { sha256: sha256(data), size: data.length });
  }

  const packId = randomUUID();
  const producedAt = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (row.personalDataErasedAt) throw new AppError('evidencePack.erased');
    const [messages, history] = await Promise.all([
      tx
        .select()
        .from(reportMessage)
        .where(eq(reportMessage.reportId, id))
        .orderBy(asc(reportMessage.createdAt), asc(reportMessage.id)),
      tx
        .select()
        .from(reportStatusChange)
        .where(eq(reportStatusChange.reportId, id))
        .orderBy(asc(reportStatusChange.occurredAt), asc(reportStatusChange.id)),
    ]);
    const messageIds = new Set(messages.map((message) => message.id));
    if (request.messages === 'picked' && request.messageIds.some((messageId) => !messageIds.has(messageId))) {
      throw new AppError('evidencePack.unknownItem');
    }
    const chosenMessages =
      request.messages === 'all'
        ? messages
        : request.messages === 'picked'
          ? messages.filter((message) => request.messageIds.includes(message.id))
          : [];
    // Nothing leaves that the reporter did not allow: a withdrawal, a "no", an "ask me first" not asked.
    const consent = await consentToPassOnOrThrow(tx, deps.encryption, row, request.askedReporter);
    const withIdentity =
      request.includeIdentity &&
      consentAllowsIdentity(consent, request.askedReporter) &&
      !row.isAnonymous &&
      row.personalData !== null;
    await auditReport(deps, tx, actor, 'report.evidence-pack-produced', id, {
      packId,
      recipient: request.recipient,
      language: request.language,
      format: request.format,
      identityIncluded: withIdentity,
      consent: consent ?? 'none',
      askedReporter: consent === 'yes' ? null : request.askedReporter,
      identityConfirmed: request.includeIdentity,
      messages: request.messages,
      messageIds: chosenMessages.map((message) => message.id).join(','),
      fileIds: chosenFiles.map((file) => file.id).join(','),
      fileSha256: chosenFiles.map((file) => fingerprints.get(file.id)?.sha256 ?? '').join(','),
      // PDFs received before PDFs were cleaned (decision 0031), which the pack warns about.
      uncleanedFileIds: chosenFiles
        .filter((file) => !file.metadataRemoved)
        .map((file) => file.id)
        .join(','),
    });
    // What the reporter sees on their follow-up page: to whom, when, and whether their identity went.
    await tx.insert(reportDisclosure).values({
      reportId: id,
      kind: 'evidence-pack',
      recipient: request.recipient,
      identityIncluded: withIdentity,
      packId,
      occurredAt: producedAt,
    });
    // Opened only now, after the audit row that records it, as `revealReporter` does.
    const identity = withIdentity && row.personalData ? openReporterIdentity(deps.encryption, row.personalData) : null;
    const [place] = await tx
      .select({ municipality: incident.municipality, province: incident.province })
      .from(incident)
      .where(eq(incident.id, row.incidentId))
      .limit(1);
    return { row, place, messages, chosenMessages, history, identity, consent };
  });

  const messageAt = new Map(outcome.messages.map((message) => [message.id, message.createdAt.toISOString()]));
  const files: PackFileEntry[] = chosenFiles.map((file, index) => {
    const number = index + 1;
    const extension = ATTACHMENT_TYPES[file.contentType as AttachmentType]?.[0] ?? 'bin';
    const fingerprint = fingerprints.get(file.id) ?? { sha256: '', size: 0 };
    return {
      number,
      packName: `files/${String(number).padStart(2, '0')}.${extension}`,
      attachmentId: file.id,
      contentType: file.contentType,
      size: fingerprint.size,
      sha256: fingerprint.sha256,
      messageId: file.messageId,
      messageAt: file.messageId ? (messageAt.get(file.messageId) ?? null) : null,
      isImage: file.contentType.startsWith('image/'),
      metadataRemoved: file.metadataRemoved,
    };
  });
  const document = presentEvidencePack(deps.encryption, {
    packId,
    producedAt,
    organisationName: deps.organisationName,
    recipient: request.recipient,
    language: request.language,
    row: outcome.row,
    place: outcome.place ?? { municipality: null, province: null },
    history: outcome.history,
    messageChoice: request.messages,
    messages: outcome.chosenMessages,
    files,
    // With the identity in, the reporter said yes: at once, or when asked (no answer counts as
    // "ask me first", decision 0048).
    identity: outcome.identity
      ? { ...outcome.identity, consent: outcome.consent === 'yes' ? 'yes' : 'ask-first' }
      : null,
  });
  return {
    baseName: `evidence-pack-${todayInBelgium(producedAt)}-${packId.slice(0, 8)}`,
    format: request.format,
    document,
    readFile: async (file) => {
      const stored = byId.get(file.attachmentId);
      if (!stored) throw new Error('Not a file of this pack');
      const { data } = await deps.storage.get(stored.fullPath);
      if (sha256(data) !== file.sha256) throw new Error('A file of the pack changed while it was being sent');
      return data;
    },
  };
}
