import type {
  CaseworkResult,
  CaseworkServicesForWeb,
  ReportDetail,
  ReporterIdentity,
  ReportListFilter,
} from '@app/core/casework-api';
import { FOLLOW_UP_MESSAGE_MAX_LENGTH, type ThreadAuthor } from '@app/core/follow-up';
import { isUuid } from '@app/core/ids';
import {
  canTransition,
  MUNICIPALITY_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PUBLIC_SUMMARY_MAX_LENGTH,
  REPORT_TRANSITIONS,
  type RejectionReason,
  statusChangeSchema,
} from '@app/core/report-workflow';
import { PROVINCES, type Province, type ReportStatus } from '@app/core/statuses';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { and, asc, count, desc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Encryption } from '../crypto/encryption.ts';
import { publicIncident, reportNote, reportStatusChange } from '../db/casework-schema.ts';
import type { Db } from '../db/database.ts';
import { report, reportAttachment, reportMessage } from '../db/schema.ts';
import { staffUser } from '../db/staff-schema.ts';
import type { AuditLog } from './audit.service.ts';

export const REPORTS_PAGE_SIZE = 25;

/** The reporter's messages on a report count as read by staff from now on. */
function markReporterMessagesRead(db: Pick<Db, 'update'>, reportId: string) {
  return db
    .update(reportMessage)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(reportMessage.reportId, reportId), eq(reportMessage.author, 'reporter'), isNull(reportMessage.readAt)),
    );
}

const fail = (code: Extract<CaseworkResult, { ok: false }>['code']) => ({ ok: false, code }) as const;

/** Staff work on reports: list, read, decide, note, assign, publish. Every step is audited. */
export function createCaseworkService(db: Db, encryption: Encryption, audit: AuditLog): CaseworkServicesForWeb {
  const open = (sealed: string | null) => (sealed ? encryption.openText(sealed) : null);
  const findReport = async (id: string) =>
    isUuid(id) ? (await db.select().from(report).where(eq(report.id, id)).limit(1))[0] : undefined;
  const record = (actorId: string, action: Parameters<AuditLog['record']>[0]['action'], id: string, details = {}) =>
    audit.record({ action, actorId, subjectType: 'report', subjectId: id, details });

  return {
    async listReports(filter: ReportListFilter) {
      const { where, order } = listQuery(filter);
      const page = Math.max(1, filter.page);
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: report.id,
            receivedAt: report.createdAt,
            incidentDate: report.incidentDate,
            incidentType: report.incidentType,
            status: report.status,
            isAnonymous: report.isAnonymous,
            attachmentCount: ATTACHMENT_COUNT,
            assignedTo: staffUser.name,
            isPublished: IS_PUBLISHED,
          })
          .from(report)
          .leftJoin(staffUser, eq(staffUser.id, report.assignedTo))
          .where(where)
          .orderBy(...order)
          .limit(REPORTS_PAGE_SIZE)
          .offset((page - 1) * REPORTS_PAGE_SIZE),
        db.select({ total: count() }).from(report).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          ...row,
          status: row.status as ReportStatus,
          receivedAt: row.receivedAt.toISOString(),
        })),
        total: totals[0]?.total ?? 0,
        page,
        pageSize: REPORTS_PAGE_SIZE,
      };
    },

    async exportReports(filter) {
      const { where, order } = listQuery(filter);
      const rows = await db
        .select({
          id: report.id,
          receivedAt: report.createdAt,
          incidentDate: report.incidentDate,
          incidentType: report.incidentType,
          status: report.status,
          rejectionReason: report.rejectionReason,
          isAnonymous: report.isAnonymous,
          calledPolice: report.calledPolice,
          calledOrganisation: report.calledOrganisation,
          medicalTreatment: report.medicalTreatment,
          municipality: report.municipality,
          province: report.province,
          attachmentCount: ATTACHMENT_COUNT,
          isPublished: IS_PUBLISHED,
        })
        .from(report)
        .where(where)
        .orderBy(...order)
        .limit(EXPORT_LIMIT);
      return rows.map((row) => ({
        ...row,
        status: row.status as ReportStatus,
        receivedAt: row.receivedAt.toISOString(),
      }));
    },

    async getReport(id) {
      const row = await findReport(id);
      if (!row) return undefined;
      const [attachments, history, notes, publication, assignee, messages] = await Promise.all([
        db
          .select()
          .from(reportAttachment)
          .where(eq(reportAttachment.reportId, id))
          .orderBy(reportAttachment.timeCreated),
        db
          .select({ change: reportStatusChange, actor: staffUser.name })
          .from(reportStatusChange)
          .leftJoin(staffUser, eq(staffUser.id, reportStatusChange.actorId))
          .where(eq(reportStatusChange.reportId, id))
          .orderBy(asc(reportStatusChange.occurredAt), asc(reportStatusChange.id)),
        db
          .select({ note: reportNote, author: staffUser.name })
          .from(reportNote)
          .leftJoin(staffUser, eq(staffUser.id, reportNote.authorId))
          .where(eq(reportNote.reportId, id))
          .orderBy(asc(reportNote.createdAt)),
        db.select().from(publicIncident).where(eq(publicIncident.reportId, id)).limit(1),
        row.assignedTo
          ? db
              .select({ id: staffUser.id, name: staffUser.name })
              .from(staffUser)
              .where(eq(staffUser.id, row.assignedTo))
          : Promise.resolve([]),
        db
          .select({ message: reportMessage, staffName: staffUser.name })
          .from(reportMessage)
          .leftJoin(staffUser, eq(staffUser.id, reportMessage.staffId))
          .where(eq(reportMessage.reportId, id))
          .orderBy(asc(reportMessage.createdAt), asc(reportMessage.id)),
      ]);
      const fileOf = (file: (typeof attachments)[number]) => ({
        id: file.id,
        contentType: file.contentType,
        size: file.size,
        isImage: file.contentType.startsWith('image/'),
      });
      const status = row.status as ReportStatus;
      const published = publication[0];
      const detail: ReportDetail = {
        id: row.id,
        receivedAt: row.createdAt.toISOString(),
        language: row.language,
        status,
        allowedTransitions: [...REPORT_TRANSITIONS[status]],
        rejectionReason: row.rejectionReason as RejectionReason | null,
        duplicateOf: row.duplicateOf,
        assignedTo: assignee[0] ?? null,
        isAnonymous: row.isAnonymous,
        isQuarantined: row.isQuarantined,
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
        municipality: row.municipality,
        province: row.province as Province | null,
        attachments: attachments.filter((file) => file.messageId === null).map(fileOf),
        history: history.map(({ change, actor }) => ({
          from: change.fromStatus as ReportStatus,
          to: change.toStatus as ReportStatus,
          reason: change.reason,
          actor,
          at: change.occurredAt.toISOString(),
        })),
        notes: notes.map(({ note, author }) => ({
          id: note.id,
          author,
          createdAt: note.createdAt.toISOString(),
          body: encryption.openText(note.body),
        })),
        thread: row.receiptHash
          ? {
              messages: messages.map(({ message, staffName }) => ({
                id: message.id,
                author: message.author as ThreadAuthor,
                staffName,
                at: message.createdAt.toISOString(),
                body: open(message.body),
                attachments: attachments.filter((file) => file.messageId === message.id).map(fileOf),
                isUnread: message.author === 'reporter' && message.readAt === null,
              })),
            }
          : null,
        publication: published
          ? {
              municipality: published.municipality,
              province: published.province as Province,
              summaries: published.summaries,
              originalLanguage: published.originalLanguage,
              publishedAt: published.publishedAt.toISOString(),
            }
          : null,
      };
      return detail;
    },

    async revealReporter(actor, id) {
      const row = await findReport(id);
      if (!row) return undefined;
      await record(actor.id, 'report.personal-data-viewed', id);
      if (!row.personalData) return { firstName: '', lastName: '', phone: '', email: '', address: '' };
      return JSON.parse(encryption.openText(row.personalData)) as ReporterIdentity;
    },

    async changeStatus(actor, id, input) {
      const parsed = statusChangeSchema.safeParse(input);
      if (!parsed.success) return fail(parsed.error.issues[0]?.message as 'reasonRequired');
      const change = parsed.data;
      const row = await findReport(id);
      if (!row) return fail('notFound');
      const from = row.status as ReportStatus;
      if (!canTransition(from, change.to)) return fail('invalidTransition');
      let duplicateOf: string | null = null;
      if (change.to === 'rejected' && change.reason === 'duplicate') {
        duplicateOf = (change.duplicateOf ?? '').trim().toLowerCase();
        if (duplicateOf === id) return fail('duplicateOfItself');
        if (!(await findReport(duplicateOf))) return fail('duplicateNotFound');
      }
      const place = change.to === 'verified' ? placeOf(input.municipality, input.province) : undefined;
      if (place && 'code' in place) return fail(place.code);
      const published = await db.select().from(publicIncident).where(eq(publicIncident.reportId, id)).limit(1);
      if (published.length > 0 && change.to !== 'closed') return fail('publishedFirstUnpublish');
      await db.transaction(async (transaction) => {
        await transaction
          .update(report)
          .set({
            status: change.to,
            statusChangedAt: new Date(),
            // Closing keeps the decision (a closed report still counts as verified, or not);
            // going back to review clears it.
            ...(change.to === 'rejected' ? { rejectionReason: change.reason ?? null, duplicateOf } : {}),
            ...(change.to === 'in_review' ? { rejectionReason: null, duplicateOf: null } : {}),
            ...(place ? { municipality: place.municipality, province: place.province } : {}),
          })
          .where(eq(report.id, id));
        await transaction.insert(reportStatusChange).values({
          reportId: id,
          fromStatus: from,
          toStatus: change.to,
          reason: change.to === 'rejected' ? (change.reason ?? null) : null,
          actorId: actor.id,
        });
      });
      await record(actor.id, 'report.status-changed', id, {
        from,
        to: change.to,
        ...(change.to === 'rejected' ? { reason: change.reason ?? null } : {}),
      });
      return { ok: true };
    },

    async assign(actor, id, staffId) {
      if (!(await findReport(id))) return fail('notFound');
      if (staffId) {
        const [member] = await db.select().from(staffUser).where(eq(staffUser.id, staffId)).limit(1);
        if (!member || member.banned || member.role === 'viewer') return fail('staffNotFound');
      }
      await db.update(report).set({ assignedTo: staffId }).where(eq(report.id, id));
      await record(actor.id, 'report.assigned', id, { to: staffId });
      return { ok: true };
    },

    async addNote(actor, id, body) {
      const text = body.trim();
      if (!text) return fail('noteRequired');
      if (text.length > NOTE_MAX_LENGTH) return fail('noteTooLong');
      if (!(await findReport(id))) return fail('notFound');
      await db.insert(reportNote).values({ reportId: id, authorId: actor.id, body: encryption.sealText(text) });
      return { ok: true };
    },

    async replyToReporter(actor, id, body) {
      const text = body.trim();
      if (!text) return fail('replyRequired');
      if (text.length > FOLLOW_UP_MESSAGE_MAX_LENGTH) return fail('replyTooLong');
      const row = await findReport(id);
      if (!row) return fail('notFound');
      if (!row.receiptHash) return fail('noReceipt');
      await db.transaction(async (tx) => {
        await tx
          .insert(reportMessage)
          .values({ reportId: id, author: 'staff', staffId: actor.id, body: encryption.sealText(text) });
        // Writing to the reporter means their messages so far have been read.
        await markReporterMessagesRead(tx, id);
      });
      await record(actor.id, 'report.reply-sent', id);
      return { ok: true };
    },

    async markThreadRead(id) {
      if (!isUuid(id)) return;
      await markReporterMessagesRead(db, id);
    },

    async publish(actor, id, input) {
      const row = await findReport(id);
      if (!row) return fail('notFound');
      if (row.status !== 'verified') return fail('notVerified');
      const place = placeOf(input.municipality, input.province);
      if ('code' in place) return fail(place.code);
      const summaries: Record<string, string> = {};
      for (const [language, text] of Object.entries(input.summaries)) {
        if ((LANGUAGE_CODES as readonly string[]).includes(language) && text.trim()) summaries[language] = text.trim();
      }
      const originalLanguage = LANGUAGE_CODES.find((code) => code === input.originalLanguage);
      if (!originalLanguage || !summaries[originalLanguage]) return fail('summaryRequired');
      if (Object.values(summaries).some((text) => text.length > PUBLIC_SUMMARY_MAX_LENGTH))
        return fail('summaryTooLong');
      const values = {
        incidentDate: row.incidentDate,
        incidentType: row.incidentType,
        municipality: place.municipality,
        province: place.province,
        summaries,
        originalLanguage,
        publishedBy: actor.id,
      };
      await db.transaction(async (transaction) => {
        await transaction
          .insert(publicIncident)
          .values({ reportId: id, ...values })
          .onConflictDoUpdate({ target: publicIncident.reportId, set: values });
        await transaction
          .update(report)
          .set({ municipality: place.municipality, province: place.province })
          .where(eq(report.id, id));
      });
      await record(actor.id, 'report.published', id, { languages: Object.keys(summaries).join(',') });
      return { ok: true };
    },

    async unpublish(actor, id) {
      if (!(await findReport(id))) return fail('notFound');
      const removed = await db.delete(publicIncident).where(eq(publicIncident.reportId, id)).returning();
      if (removed.length > 0) await record(actor.id, 'report.unpublished', id);
      return { ok: true };
    },
  };
}

const ATTACHMENT_COUNT = sql<number>`(select count(*)::int from report_attachment a where a.report_id = "report"."id")`;
const IS_PUBLISHED = sql<boolean>`exists (select 1 from public_incident p where p.report_id = "report"."id")`;
const EXPORT_LIMIT = 100_000;

/** The conditions and order of the report list, shared by its pages and its CSV export. */
function listQuery(filter: ReportListFilter) {
  const conditions: SQL[] = [eq(report.isQuarantined, filter.quarantined === true)];
  if (filter.status) conditions.push(eq(report.status, filter.status));
  if (filter.type) conditions.push(eq(report.incidentType, filter.type));
  if (filter.from) conditions.push(gte(report.incidentDate, filter.from));
  if (filter.to) conditions.push(lte(report.incidentDate, filter.to));
  if (filter.anonymous) conditions.push(eq(report.isAnonymous, filter.anonymous === 'yes'));
  if (filter.attachments) {
    conditions.push(filter.attachments === 'yes' ? sql`${ATTACHMENT_COUNT} > 0` : sql`${ATTACHMENT_COUNT} = 0`);
  }
  const order = {
    'received-desc': [desc(report.createdAt)],
    'received-asc': [asc(report.createdAt)],
    'incident-desc': [desc(report.incidentDate), desc(report.createdAt)],
    'incident-asc': [asc(report.incidentDate), asc(report.createdAt)],
  }[filter.sort];
  return { where: and(...conditions), order };
}

function placeOf(
  municipality: string | undefined,
  province: string | undefined,
): { municipality: string; province: Province } | { code: 'municipalityRequired' | 'invalidChoice' } {
  const name = (municipality ?? '').trim().replace(/\s+/g, ' ');
  if (!name || name.length > MUNICIPALITY_MAX_LENGTH) return { code: 'municipalityRequired' };
  if (!(PROVINCES as readonly string[]).includes(province ?? '')) return { code: 'invalidChoice' };
  return { municipality: name, province: province as Province };
}
