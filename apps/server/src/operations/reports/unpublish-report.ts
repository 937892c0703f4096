import type { CaseworkResult } from '@app/core/casework-api';
import { eq } from 'drizzle-orm';
import { publicIncident } from '../../db/casework-schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

/** Takes an incident off the public page (idempotent: nothing to audit if it was not published). Permission: reports:manage. */
export async function unpublishReport(deps: OperationDeps, actor: Actor, id: string): Promise<CaseworkResult> {
  await authorize(deps, actor, 'reports:manage');
  return deps.db.transaction(async (tx) => {
    if (!(await lockReport(tx, id))) return { ok: false, code: 'notFound' } as const;
    const removed = await tx
      .delete(publicIncident)
      .where(eq(publicIncident.reportId, id))
      .returning({ id: publicIncident.reportId });
    if (removed.length > 0) await auditReport(deps, tx, actor, 'report.unpublished', id);
    return { ok: true } as const;
  });
}
