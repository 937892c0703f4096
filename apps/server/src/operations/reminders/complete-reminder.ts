import { AppError } from '@app/core/errors/app-error';
import { isUuid } from '@app/core/site/ids';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { reportReminder } from '../../db/reminders-schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';

/**
 * Marks a reminder done: it leaves every dashboard and stays on the report's page, crossed off,
 * with who did it. Only a reminder still open changes (a guarded update): a second click, or a
 * colleague who was quicker, is `reminders.conflict`; a reminder that is not (or no longer) the
 * report's is `reminders.notFound`. Permission: reports:manage.
 */
export async function completeReminder(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  reminderId: string,
): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  if (!isUuid(reportId) || !isUuid(reminderId)) throw new AppError('reminders.notFound');
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(reportReminder)
      .set({ doneAt: sql`now()`, doneBy: actor.id })
      .where(
        and(eq(reportReminder.id, reminderId), eq(reportReminder.reportId, reportId), isNull(reportReminder.doneAt)),
      )
      .returning({ id: reportReminder.id });
    if (!done) {
      const [exists] = await tx
        .select({ id: reportReminder.id })
        .from(reportReminder)
        .where(and(eq(reportReminder.id, reminderId), eq(reportReminder.reportId, reportId)));
      throw new AppError(exists ? 'reminders.conflict' : 'reminders.notFound');
    }
    await auditReport(deps, tx, actor, 'report.reminder-done', reportId, { reminder: reminderId });
  });
}
