import { assignmentSchema } from '@app/core/casework.schema';
import type { CaseworkResult } from '@app/core/casework-api';
import { and, eq, ne } from 'drizzle-orm';
import { report } from '../../db/schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

/**
 * Assigns a report to an enabled member who may read reports, or to nobody. The member's row is
 * locked for the transaction, so a member disabled at the same moment cannot end up assigned.
 * Permission: reports:manage.
 */
export async function assignReport(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  staffId: string | null,
): Promise<CaseworkResult> {
  await authorize(deps, actor, 'reports:manage');
  const parsed = assignmentSchema.safeParse({ staffId });
  if (!parsed.success) return { ok: false, code: 'staffNotFound' };
  const assignee = parsed.data.staffId;
  return deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (!row) return { ok: false, code: 'notFound' };
    if (assignee) {
      const [member] = await tx
        .select({ id: staffUser.id })
        .from(staffUser)
        .where(and(eq(staffUser.id, assignee), eq(staffUser.banned, false), ne(staffUser.role, 'viewer')))
        .for('share')
        .limit(1);
      if (!member) return { ok: false, code: 'staffNotFound' };
    }
    if (row.assignedTo === assignee) return { ok: true };
    await tx.update(report).set({ assignedTo: assignee }).where(eq(report.id, id));
    await auditReport(deps, tx, actor, 'report.assigned', id, { to: assignee });
    return { ok: true };
  });
}
