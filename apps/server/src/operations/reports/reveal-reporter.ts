import type { ReporterIdentity } from '@app/core/casework/casework-api';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { openReporterIdentity } from '../presenters/sealed-identity.ts';
import { lockReport } from './report-queries.ts';

/**
 * The reporter's identity, on an explicit request: the audit row is written before the identity
 * leaves, in the same transaction (every field empty for an anonymous report). `NOT_FOUND` for an
 * id that names no report. Permission: reports:manage.
 */
export async function revealReporter(deps: OperationDeps, actor: Actor, id: string): Promise<ReporterIdentity> {
  await authorize(deps, actor, 'reports:manage');
  const personalData = await deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    await auditReport(deps, tx, actor, 'report.personal-data-viewed', id);
    return row.personalData;
  });
  return openReporterIdentity(deps.encryption, personalData);
}
