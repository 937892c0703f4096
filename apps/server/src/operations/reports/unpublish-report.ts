import { eq } from 'drizzle-orm';
import { publicIncident } from '../../db/casework-schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { lockReportAndIncident } from './report-queries.ts';

/**
 * Takes a report's incident off the public page (idempotent: nothing to audit if it was not
 * published). Permission: reports:manage.
 */
export async function unpublishReport(deps: OperationDeps, actor: Actor, id: string): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  await deps.db.transaction(async (tx) => {
    const { incident: its } = await lockReportAndIncident(tx, id);
    const removed = await tx
      .delete(publicIncident)
      .where(eq(publicIncident.incidentId, its.id))
      .returning({ id: publicIncident.incidentId });
    if (removed.length > 0) await auditReport(deps, tx, actor, 'report.unpublished', id, { incident: its.id });
  });
}
