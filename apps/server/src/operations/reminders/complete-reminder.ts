import { isUuid } from '@app/core/ids';
import type { ReminderResult } from '@app/core/reminders';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { reportReminder } from '../../db/reminders-schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';

/**
 * Marks a reminder done: it leaves every dashboard and stays on the report's page, crossed off,
 * with who did it. Only a reminder still open changes (a guarded update): a second click, or a
 * colleague who was quicker, is a `conflict`. Permission: reports:manage.
 */
export async function completeReminder(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  reminderId: string,
): Promise<ReminderResult> {
  await authorize(deps, actor, 'reports:manage');
  if (!isUuid(reportId) || !isUuid(reminderId)) return { ok: false, code: 'notFound' };
  return deps.db.transaction(async (tx) => {
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
      return { ok: false, code: exists ? 'conflict' : 'notFound' } as const;
    }
    await auditReport(deps, tx, actor, 'report.reminder-done', reportId, { reminder: reminderId });
    return { ok: true } as const;
  });
}
