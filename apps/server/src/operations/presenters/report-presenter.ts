import type {
  ReportDetail,
  ReportExportRow,
  ReportListItem,
  StaffThreadMessage,
} from '@app/core/casework/casework-api';
import type { IncidentTagView } from '@app/core/casework/classification';
import type { ReportReminder } from '@app/core/casework/reminders';
import { REPORT_TRANSITIONS } from '@app/core/casework/report-workflow';
import type { Encryption } from '../../crypto/encryption.ts';
import type { publicIncident, reportNote, reportStatusChange } from '../../db/casework-schema.ts';
import type { incident, report, reportAttachment, reportMessage } from '../../db/schema.ts';
import { openSharingConsent } from '../../services/intake/sealed-answers.ts';

/**
 * What leaves the server about reports. Every field is named here, one by one: a column added to
 * the table reaches no page until someone writes it into a presenter. Only roles with
 * `reports:manage` get this far (the operations check); the reporter's identity is never here
 * (it has its own audited operation), nor is the receipt's hash.
 */

type ReportRow = typeof report.$inferSelect;
type AttachmentRow = typeof reportAttachment.$inferSelect;

export function presentReportListItem(row: {
  id: string;
  createdAt: Date;
  incidentDate: string;
  incidentType: string;
  status: ReportListItem['status'];
  isAnonymous: boolean;
  attachmentCount: number;
  assigneeName: string | null;
  isPublished: boolean;
  spamCheck: ReportListItem['spamCheck'];
  source: ReportListItem['source'];
}): ReportListItem {
  return {
    id: row.id,
    receivedAt: row.createdAt.toISOString(),
    incidentDate: row.incidentDate,
    incidentType: row.incidentType,
    status: row.status,
    isAnonymous: row.isAnonymous,
    attachmentCount: row.attachmentCount,
    assignedTo: row.assigneeName,
    isPublished: row.isPublished,
    spamCheck: row.spamCheck,
    source: row.source,
  };
}

export function presentReportExportRow(
  encryption: Encryption,
  row: Omit<ReportExportRow, 'receivedAt' | 'sharingConsent' | 'onlineUrls'> & {
    createdAt: Date;
    sharingConsent: string | null;
    onlineUrls: string | null;
  },
): ReportExportRow {
  return {
    id: row.id,
    incidentId: row.incidentId,
    receivedAt: row.createdAt.toISOString(),
    incidentDate: row.incidentDate,
    incidentType: row.incidentType,
    status: row.status,
    rejectionReason: row.rejectionReason,
    isAnonymous: row.isAnonymous,
    calledPolice: row.calledPolice,
    calledOrganisation: row.calledOrganisation,
    medicalTreatment: row.medicalTreatment,
    threatOngoing: row.threatOngoing,
    sharingConsent: openSharingConsent(encryption, row.sharingConsent),
    onlinePlatform: row.onlinePlatform,
    onlineUrls: openOnlineUrls(encryption, row.onlineUrls),
    isUrgent: row.isUrgent,
    spamCheck: row.spamCheck,
    source: row.source,
    municipality: row.municipality,
    province: row.province,
    arrondissement: row.arrondissement,
    attachmentCount: row.attachmentCount,
    isPublished: row.isPublished,
    category: row.category,
    manifestations: row.manifestations,
    target: row.target,
    knownThrough: row.knownThrough,
    placeType: row.placeType,
    tags: row.tags,
  };
}

/** The sealed addresses of online content: a JSON list of strings; anything else reads as none. */
export function openOnlineUrls(encryption: Encryption, sealed: string | null): string[] {
  if (!sealed) return [];
  const urls: unknown = JSON.parse(encryption.openText(sealed));
  return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === 'string') : [];
}

export type ReportRecords = {
  row: ReportRow;
  incident: typeof incident.$inferSelect;
  /** The ids of the incident's tags, and the tags its form offers (the enabled ones and those it has). */
  incidentTags: string[];
  tagChoices: IncidentTagView[];
  /** The incident's other reports. */
  otherReports: { id: string; createdAt: Date; status: ReportRow['status'] }[];
  attachments: AttachmentRow[];
  history: { change: typeof reportStatusChange.$inferSelect; actor: string | null }[];
  notes: { note: typeof reportNote.$inferSelect; author: string | null }[];
  publication: typeof publicIncident.$inferSelect | undefined;
  assignee: { id: string; name: string } | undefined;
  /** The member who recorded a report from another channel (decision 0051); undefined for the web form's. */
  recorder: { id: string; name: string } | undefined;
  messages: { message: typeof reportMessage.$inferSelect; staffName: string | null }[];
  /** Already shaped by the reminder presenter (it needs today's date in Belgium). */
  reminders: ReportReminder[];
};

export function presentReportDetail(encryption: Encryption, records: ReportRecords): ReportDetail {
  const { row, attachments, publication } = records;
  const open = (sealed: string | null) => (sealed ? encryption.openText(sealed) : null);
  const fileOf = (file: AttachmentRow) => ({
    id: file.id,
    contentType: file.contentType,
    size: file.size,
    isImage: file.contentType.startsWith('image/'),
    metadataRemoved: file.metadataRemoved,
  });
  const message = ({ message, staffName }: ReportRecords['messages'][number]): StaffThreadMessage => ({
    id: message.id,
    author: message.author,
    staffName,
    at: message.createdAt.toISOString(),
    body: open(message.body),
    attachments: attachments.filter((file) => file.messageId === message.id).map(fileOf),
    isUnread: message.author === 'reporter' && message.readAt === null,
  });
  return {
    id: row.id,
    receivedAt: row.createdAt.toISOString(),
    language: row.language,
    status: row.status,
    allowedTransitions: [...REPORT_TRANSITIONS[row.status]],
    rejectionReason: row.rejectionReason,
    assignedTo: records.assignee ? { id: records.assignee.id, name: records.assignee.name } : null,
    isAnonymous: row.isAnonymous,
    isQuarantined: row.isQuarantined,
    spamCheck: row.spamCheck,
    source: row.source,
    recordedBy: records.recorder ? { id: records.recorder.id, name: records.recorder.name } : null,
    personalDataErasedAt: row.personalDataErasedAt?.toISOString() ?? null,
    incidentDate: row.incidentDate,
    incidentTime: open(row.incidentTime),
    location: open(row.location) ?? '',
    incidentType: row.incidentType,
    description: open(row.description) ?? '',
    calledPolice: row.calledPolice,
    policeReportNumber: open(row.policeReportNumber),
    calledOrganisation: row.calledOrganisation,
    medicalTreatment: row.medicalTreatment,
    threatOngoing: row.threatOngoing,
    sharingConsent: openSharingConsent(encryption, row.sharingConsent),
    onlineUrls: openOnlineUrls(encryption, row.onlineUrls),
    onlinePlatform: row.onlinePlatform,
    isUrgent: row.isUrgent,
    urgentTakenAt: row.urgentTakenAt?.toISOString() ?? null,
    municipality: records.incident.municipality,
    province: records.incident.province,
    arrondissement: records.incident.arrondissement,
    incident: {
      id: records.incident.id,
      revision: records.incident.revision,
      counts: records.incident.counts,
      isPublished: publication !== undefined,
      classification: {
        category: records.incident.category,
        manifestations: records.incident.manifestations,
        target: records.incident.target,
        knownThrough: records.incident.knownThrough,
        placeType: records.incident.placeType,
        tags: records.incidentTags,
      },
      tagChoices: records.tagChoices,
      otherReports: records.otherReports.map((other) => ({
        id: other.id,
        receivedAt: other.createdAt.toISOString(),
        status: other.status,
      })),
    },
    attachments: attachments.filter((file) => file.messageId === null).map(fileOf),
    history: records.history.map(({ change, actor }) => ({
      from: change.fromStatus,
      to: change.toStatus,
      reason: change.reason,
      actor,
      at: change.occurredAt.toISOString(),
    })),
    notes: records.notes.map(({ note, author }) => ({
      id: note.id,
      author,
      createdAt: note.createdAt.toISOString(),
      body: encryption.openText(note.body),
    })),
    reminders: records.reminders,
    thread: row.receiptHash ? { messages: records.messages.map(message) } : null,
    publication: publication
      ? {
          municipality: publication.municipality,
          province: publication.province,
          arrondissement: publication.arrondissement,
          datePrecision: publication.datePrecision,
          placePrecision: publication.placePrecision,
          summaries: { ...publication.summaries },
          originalLanguage: publication.originalLanguage,
          publishedAt: publication.publishedAt.toISOString(),
        }
      : null,
  };
}
