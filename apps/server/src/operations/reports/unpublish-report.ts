import { eq } from 'drizzle-orm';
import { publicIncident } from '../../db/casework-schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

/** Takes an incident off the public page (idempotent: nothing to audit if it was not published). Permission: reports:manage. */
export async function unpublishReport(deps: OperationDeps, actor: Actor, id: string): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  await deps.db.transaction(async (tx) => {
    await lockReport(tx, id);
    const removed = await tx
      .delete(publicIncident)
      .where(eq(publicIncident.reportId, id))
      .returning({ id: publicIncident.reportId });
    if (removed.length > 0) await auditReport(deps, tx, actor, 'report.unpublished', id);
  });
}
