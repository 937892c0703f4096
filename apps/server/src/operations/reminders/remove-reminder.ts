import { isUuid } from '@app/core/ids';
import type { ReminderResult } from '@app/core/reminders';
import { and, eq } from 'drizzle-orm';
import { reportReminder } from '../../db/reminders-schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';

/**
 * Removes a reminder set by mistake (or no longer wanted), done or not; the audit log keeps that it
 * existed, never its note. Permission: reports:manage.
 */
export async function removeReminder(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  reminderId: string,
): Promise<ReminderResult> {
  await authorize(deps, actor, 'reports:manage');
  if (!isUuid(reportId) || !isUuid(reminderId)) return { ok: false, code: 'notFound' };
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(reportReminder)
      .where(and(eq(reportReminder.id, reminderId), eq(reportReminder.reportId, reportId)))
      .returning({ dueOn: reportReminder.dueOn });
    if (!removed) return { ok: false, code: 'notFound' } as const;
    await auditReport(deps, tx, actor, 'report.reminder-removed', reportId, {
      reminder: reminderId,
      dueOn: removed.dueOn,
    });
    return { ok: true } as const;
  });
}
