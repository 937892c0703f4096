import { assignmentSchema } from '@app/core/casework/casework.schema';
import { AppError } from '@app/core/errors/app-error';
import { and, eq, ne } from 'drizzle-orm';
import { notificationOutbox, report } from '../../db/schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

/**
 * Assigns a report to an enabled member who may read reports, or to nobody. The member's row is
 * locked for the transaction, so a member disabled at the same moment cannot end up assigned.
 * The assignee gets an e-mail with a link to the report and nothing of its content.
 * Permission: reports:manage.
 */
export async function assignReport(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  staffId: string | null,
): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  const parsed = assignmentSchema.safeParse({ staffId });
  // Whatever is not a member's id names no one to assign.
  if (!parsed.success) throw new AppError('casework.staffNotFound');
  const assignee = parsed.data.staffId;
  await deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (assignee) {
      const [member] = await tx
        .select({ id: staffUser.id })
        .from(staffUser)
        .where(and(eq(staffUser.id, assignee), eq(staffUser.banned, false), ne(staffUser.role, 'viewer')))
        .for('share')
        .limit(1);
      if (!member) throw new AppError('casework.staffNotFound');
    }
    if (row.assignedTo === assignee) return;
    await tx.update(report).set({ assignedTo: assignee }).where(eq(report.id, id));
    await auditReport(deps, tx, actor, 'report.assigned', id, { to: assignee });
    // The new assignee hears of it by e-mail (not someone who took the report themselves), through
    // the outbox: in this transaction, so an assignment is never announced without being made,
    // nor made without being announced, whatever SMTP does.
    if (assignee && assignee !== actor.id) {
      await tx.insert(notificationOutbox).values({ kind: 'reportAssigned', recipientStaffId: assignee, reportId: id });
    }
  });
}
