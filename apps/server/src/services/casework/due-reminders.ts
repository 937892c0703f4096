import { and, asc, count, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { reportReminder } from '../../db/reminders-schema.ts';
import { report } from '../../db/schema.ts';
import { staffUser } from '../../db/staff-schema.ts';

/** How many due reminders the dashboard lists; the count says how many there are in all. */
export const DUE_REMINDERS_SHOWN = 10;

const assignee = alias(staffUser, 'reminder_assignee');

/**
 * The reminders that are one member's to act on: due (their day is `today` or earlier in Belgium)
 * and not done, on a report assigned to that member, or on a report that is nobody's (assigned
 * to nobody, or to an account since disabled), which every coordinator and admin sees.
 */
function dueFor(staffId: string, today: string): SQL | undefined {
  return and(
    isNull(reportReminder.doneAt),
    lte(reportReminder.dueOn, today),
    or(isNull(report.assignedTo), eq(report.assignedTo, staffId), eq(assignee.banned, true)),
  );
}

/** The member's due reminders, oldest day first, with their sealed notes; and how many in all. */
export async function findDueReminders(db: Db, staffId: string, today: string, limit = DUE_REMINDERS_SHOWN) {
  const where = dueFor(staffId, today);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: reportReminder.id,
        reportId: report.id,
        reportReceivedAt: report.createdAt,
        incidentType: report.incidentType,
        dueOn: reportReminder.dueOn,
        sealedNote: reportReminder.note,
      })
      .from(reportReminder)
      .innerJoin(report, eq(report.id, reportReminder.reportId))
      .leftJoin(assignee, eq(assignee.id, report.assignedTo))
      .where(where)
      .orderBy(asc(reportReminder.dueOn), asc(reportReminder.createdAt))
      .limit(limit),
    countDueReminders(db, staffId, today),
  ]);
  return { count: total, rows };
}

/** How many reminders are due for the member (the digest's figure; no note is read). */
export async function countDueReminders(db: Pick<Db, 'select'>, staffId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(reportReminder)
    .innerJoin(report, eq(report.id, reportReminder.reportId))
    .leftJoin(assignee, eq(assignee.id, report.assignedTo))
    .where(dueFor(staffId, today));
  return row?.value ?? 0;
}
