import type { DueReminder, ReportReminder } from '@app/core/casework/reminders';
import { can, type StaffRole } from '@app/core/staff/staff';
import type { Encryption } from '../../crypto/encryption.ts';
import type { reportReminder } from '../../db/reminders-schema.ts';

type ReminderRow = typeof reportReminder.$inferSelect;

/**
 * A report's reminders for its page. Only roles that may manage reports open a report's page, so
 * the notes (staff-only content) are opened here and nowhere else; the order is the page's:
 * open ones by day, then the done ones.
 */
export function presentReportReminders(
  encryption: Encryption,
  today: string,
  rows: { reminder: ReminderRow; createdBy: string | null; doneBy: string | null }[],
): ReportReminder[] {
  return rows
    .map(({ reminder, createdBy, doneBy }) => ({
      id: reminder.id,
      dueOn: reminder.dueOn,
      note: encryption.openText(reminder.note),
      createdBy,
      createdAt: reminder.createdAt.toISOString(),
      doneAt: reminder.doneAt?.toISOString() ?? null,
      doneBy: reminder.doneAt ? doneBy : null,
      isDue: reminder.doneAt === null && reminder.dueOn <= today,
    }))
    .sort(
      (a, b) =>
        Number(a.doneAt !== null) - Number(b.doneAt !== null) ||
        a.dueOn.localeCompare(b.dueOn) ||
        a.createdAt.localeCompare(b.createdAt),
    );
}

/**
 * The due reminders of the dashboard, for a role that may manage reports; nothing at all for any
 * other role (a viewer's dashboard never opens a note).
 */
export function presentDueReminders(
  role: StaffRole,
  encryption: Encryption,
  facts: {
    count: number;
    rows: {
      id: string;
      reportId: string;
      reportReceivedAt: Date;
      incidentType: string;
      dueOn: string;
      sealedNote: string;
    }[];
  },
): { count: number; reminders: DueReminder[] } | undefined {
  if (!can(role, 'reports:manage')) return undefined;
  return {
    count: facts.count,
    reminders: facts.rows.map((row) => ({
      id: row.id,
      reportId: row.reportId,
      reportReceivedAt: row.reportReceivedAt.toISOString(),
      incidentType: row.incidentType,
      dueOn: row.dueOn,
      note: encryption.openText(row.sealedNote),
    })),
  };
}
