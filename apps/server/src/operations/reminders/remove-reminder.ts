import { AppError } from '@app/core/errors/app-error';
import { reportReminder } from '../../db/reminders-schema.ts';
import { auditReport } from '../operation-context.ts';
import { reminderOfReportOperation } from './reminder-of-report.ts';

/**
 * Removes a reminder set by mistake (or no longer wanted), done or not; the audit log keeps that it
 * existed, never its note. One that is not (or no longer) the report's is `reminders.notFound`.
 * Permission: reports:manage.
 */
export const removeReminder = reminderOfReportOperation(
  async ({ deps, actor, reportId, reminderId, tx, isTheReports }) => {
    const [removed] = await tx.delete(reportReminder).where(isTheReports).returning({ dueOn: reportReminder.dueOn });
    if (!removed) throw new AppError('reminders.notFound');
    await auditReport(deps, tx, actor, 'report.reminder-removed', reportId, {
      reminder: reminderId,
      dueOn: removed.dueOn,
    });
  },
);
