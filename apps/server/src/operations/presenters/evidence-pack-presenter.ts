import type {
  EvidencePackDocument,
  PackEvent,
  PackFileEntry,
  PackLanguage,
  PackMessageChoice,
  PackRecipient,
} from '@app/core/casework/evidence-pack';
import type { Province } from '@app/core/casework/statuses';
import type { Encryption } from '../../crypto/encryption.ts';
import type { reportStatusChange } from '../../db/casework-schema.ts';
import type { report, reportMessage } from '../../db/schema.ts';

/**
 * What an evidence pack says, field by field (decision 0026). Like every presenter, it copies
 * what it names and nothing else: internal notes, staff members' names, the receipt, the files'
 * original names and the reporter's identity (unless `identity` is handed in, which only the
 * operation does, with consent and the coordinator's confirmation) never reach a pack.
 */
type ReportRow = typeof report.$inferSelect;
type MessageRow = typeof reportMessage.$inferSelect;
type StatusRow = typeof reportStatusChange.$inferSelect;

export function presentEvidencePack(
  encryption: Encryption,
  input: {
    packId: string;
    producedAt: Date;
    organisationName: string;
    recipient: PackRecipient;
    language: PackLanguage;
    row: ReportRow;
    /** Where it happened, as staff recorded it on the report's incident (decision 0037). */
    place: { municipality: string | null; province: Province | null };
    history: StatusRow[];
    messageChoice: PackMessageChoice;
    messages: MessageRow[];
    files: PackFileEntry[];
    identity: EvidencePackDocument['identity'];
  },
): EvidencePackDocument {
  const { row } = input;
  const open = (sealed: string | null) => (sealed ? encryption.openText(sealed) : null);
  const fileNumbersOf = (messageId: string) =>
    input.files.filter((file) => file.messageId === messageId).map((file) => file.number);
  const timeline: PackEvent[] = [
    { kind: 'received' as const, at: row.createdAt.toISOString() },
    ...input.history.map(
      (change): PackEvent => ({
        kind: 'status',
        at: change.occurredAt.toISOString(),
        from: change.fromStatus,
        to: change.toStatus,
        reason: change.reason,
      }),
    ),
    ...input.messages.map(
      (message): PackEvent => ({
        kind: 'message',
        at: message.createdAt.toISOString(),
        author: message.author,
        body: message.author === 'system' ? null : open(message.body),
        fileNumbers: fileNumbersOf(message.id),
      }),
    ),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    packId: input.packId,
    producedAt: input.producedAt.toISOString(),
    organisationName: input.organisationName,
    recipient: input.recipient,
    language: input.language,
    report: {
      id: row.id,
      receivedAt: row.createdAt.toISOString(),
      language: row.language,
      status: row.status,
      rejectionReason: row.rejectionReason,
      incidentType: row.incidentType,
      incidentDate: row.incidentDate,
      incidentTime: open(row.incidentTime),
      location: open(row.location) ?? '',
      description: open(row.description) ?? '',
      calledPolice: row.calledPolice,
      policeReportNumber: open(row.policeReportNumber),
      calledOrganisation: row.calledOrganisation,
      medicalTreatment: row.medicalTreatment,
      municipality: input.place.municipality,
      province: input.place.province,
    },
    messageChoice: input.messageChoice,
    timeline,
    files: input.files,
    identity: input.identity
      ? {
          consent: input.identity.consent,
          firstName: input.identity.firstName,
          lastName: input.identity.lastName,
          phone: input.identity.phone,
          email: input.identity.email,
          address: input.identity.address,
        }
      : null,
  };
}
