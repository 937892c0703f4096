import { AppError } from '@app/core/errors/app-error';
import { and, isNull, sql } from 'drizzle-orm';
import { reportReminder } from '../../db/reminders-schema.ts';
import { auditReport } from '../operation-context.ts';
import { reminderOfReportOperation } from './reminder-of-report.ts';

/**
 * Marks a reminder done: it leaves every dashboard and stays on the report's page, crossed off,
 * with who did it. Only a reminder still open changes (a guarded update): a second click, or a
 * colleague who was quicker, is `reminders.conflict`; a reminder that is not (or no longer) the
 * report's is `reminders.notFound`. Permission: reports:manage.
 */
export const completeReminder = reminderOfReportOperation(
  async ({ deps, actor, reportId, reminderId, tx, isTheReports }) => {
    const [done] = await tx
      .update(reportReminder)
      .set({ doneAt: sql`now()`, doneBy: actor.id })
      .where(and(isTheReports, isNull(reportReminder.doneAt)))
      .returning({ id: reportReminder.id });
    if (!done) {
      const [exists] = await tx.select({ id: reportReminder.id }).from(reportReminder).where(isTheReports);
      throw new AppError(exists ? 'reminders.conflict' : 'reminders.notFound');
    }
    await auditReport(deps, tx, actor, 'report.reminder-done', reportId, { reminder: reminderId });
  },
);
