import { AppError } from '@app/core/errors/app-error';
import { isUuid } from '@app/core/site/ids';
import { and, eq } from 'drizzle-orm';
import { reportReminder } from '../../db/reminders-schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';

/**
 * Removes a reminder set by mistake (or no longer wanted), done or not; the audit log keeps that it
 * existed, never its note. One that is not (or no longer) the report's is `reminders.notFound`.
 * Permission: reports:manage.
 */
export async function removeReminder(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  reminderId: string,
): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  if (!isUuid(reportId) || !isUuid(reminderId)) throw new AppError('reminders.notFound');
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(reportReminder)
      .where(and(eq(reportReminder.id, reminderId), eq(reportReminder.reportId, reportId)))
      .returning({ dueOn: reportReminder.dueOn });
    if (!removed) throw new AppError('reminders.notFound');
    await auditReport(deps, tx, actor, 'report.reminder-removed', reportId, {
      reminder: reminderId,
      dueOn: removed.dueOn,
    });
  });
}
