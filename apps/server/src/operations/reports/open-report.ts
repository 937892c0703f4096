import type { ReportDetail } from '@app/core/casework/casework-api';
import { AppError } from '@app/core/errors/app-error';
import { todayInBelgium } from '@app/core/site/dates';
import { isUuid } from '@app/core/site/ids';
import { can } from '@app/core/staff/staff';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { publicIncident, reportNote, reportStatusChange } from '../../db/casework-schema.ts';
import { reportReminder } from '../../db/reminders-schema.ts';
import { incident, report, reportAttachment, reportMessage } from '../../db/schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { readAccessLog, recordLook } from '../../services/casework/access-log.ts';
import { reporterControlOf } from '../../services/follow-up/reporter-control.ts';
import { supportQuestionOf } from '../../services/follow-up/support-question.ts';
import { type Actor, authorize, nowOf, type OperationDeps } from '../operation-context.ts';
import { presentReportReminders } from '../presenters/reminder-presenter.ts';
import { presentReportDetail } from '../presenters/report-presenter.ts';
import { incidentTagsFor } from './incident-tags.ts';
import { reportRetention } from './legal-hold.ts';

/**
 * A report's page: facts, files, history, notes, thread, its incident (with the incident's other
 * reports) and the incident's publication. The reporter's messages shown count as read by staff
 * from now on (they stay marked new in this answer). The opening is recorded (decision 0049), and
 * an admin also reads who looked at the report. `NOT_FOUND` for an id that names no report.
 * Permission: reports:manage.
 */
export async function openReport(deps: OperationDeps, actor: Actor, id: string): Promise<ReportDetail> {
  await authorize(deps, actor, 'reports:manage');
  const { db } = deps;
  const [found] = isUuid(id)
    ? await db
        .select({ row: report, incident })
        .from(report)
        .innerJoin(incident, eq(incident.id, report.incidentId))
        .where(eq(report.id, id))
        .limit(1)
    : [];
  if (!found) throw new AppError('NOT_FOUND');
  const { row } = found;
  // Who opened it is recorded before anything of it is shown (decision 0049).
  await recordLook(db, { memberId: actor.id, reportId: id });
  const doneBy = alias(staffUser, 'reminder_done_by');
  const [attachments, history, notes, publication, assignee, messages, reminders, otherReports, tags, recorder] =
    await Promise.all([
      db.select().from(reportAttachment).where(eq(reportAttachment.reportId, id)).orderBy(reportAttachment.timeCreated),
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
      db.select().from(publicIncident).where(eq(publicIncident.incidentId, row.incidentId)).limit(1),
      row.assignedTo
        ? db.select({ id: staffUser.id, name: staffUser.name }).from(staffUser).where(eq(staffUser.id, row.assignedTo))
        : Promise.resolve([]),
      db
        .select({ message: reportMessage, staffName: staffUser.name })
        .from(reportMessage)
        .leftJoin(staffUser, eq(staffUser.id, reportMessage.staffId))
        .where(eq(reportMessage.reportId, id))
        .orderBy(asc(reportMessage.createdAt), asc(reportMessage.id)),
      db
        .select({ reminder: reportReminder, createdBy: staffUser.name, doneBy: doneBy.name })
        .from(reportReminder)
        .leftJoin(staffUser, eq(staffUser.id, reportReminder.createdBy))
        .leftJoin(doneBy, eq(doneBy.id, reportReminder.doneBy))
        .where(eq(reportReminder.reportId, id)),
      // The incident's other reports: ids, arrival and status only (each opens on its own page).
      db
        .select({ id: report.id, createdAt: report.createdAt, status: report.status })
        .from(report)
        .where(and(eq(report.incidentId, row.incidentId), ne(report.id, id)))
        .orderBy(asc(report.createdAt), asc(report.id)),
      incidentTagsFor(db, row.incidentId),
      // Who recorded a report that came by another channel (decision 0051).
      row.recordedBy
        ? db.select({ id: staffUser.id, name: staffUser.name }).from(staffUser).where(eq(staffUser.id, row.recordedBy))
        : Promise.resolve([]),
    ]);
  const detail = presentReportDetail(deps.encryption, {
    row,
    incident: found.incident,
    otherReports,
    ...tags,
    attachments,
    history,
    notes,
    publication: publication[0],
    assignee: assignee[0],
    recorder: recorder[0],
    messages,
    reminders: presentReportReminders(deps.encryption, todayInBelgium(nowOf(deps)), reminders),
  });
  const [retention, reporterControl, accessLog, support] = await Promise.all([
    reportRetention(deps, id),
    reporterControlOf(db, id),
    // Who looked at the report: for those who may read the audit log, the admins.
    can(actor.role, 'audit:view') ? readAccessLog(db, id) : Promise.resolve(undefined),
    // Which automatic message of the thread asks the support question (decision 0053).
    supportQuestionOf(db, id),
  ]);
  await markReporterMessagesRead(db, id);
  const thread = detail.thread && {
    messages: detail.thread.messages.map((message) =>
      message.id === support.messageId ? { ...message, systemText: 'support-question' as const } : message,
    ),
  };
  return { ...detail, thread, retention, reporterControl, ...(accessLog ? { accessLog } : {}) };
}

/** The reporter's messages on a report count as read by staff from now on. */
export function markReporterMessagesRead(db: Pick<OperationDeps['db'], 'update'>, reportId: string) {
  return db
    .update(reportMessage)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(reportMessage.reportId, reportId), eq(reportMessage.author, 'reporter'), isNull(reportMessage.readAt)),
    );
}
