import type { ReporterIdentity } from '@app/core/casework-api';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { openReporterIdentity } from '../presenters/sealed-identity.ts';
import { lockReport } from './report-queries.ts';

/**
 * The reporter's identity, on an explicit request: the audit row is written before the identity
 * leaves, in the same transaction. Permission: reports:manage.
 */
export async function revealReporter(
  deps: OperationDeps,
  actor: Actor,
  id: string,
): Promise<ReporterIdentity | undefined> {
  await authorize(deps, actor, 'reports:manage');
  const sealed = await deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (!row) return undefined;
    await auditReport(deps, tx, actor, 'report.personal-data-viewed', id);
    return { personalData: row.personalData };
  });
  if (!sealed) return undefined;
  return openReporterIdentity(deps.encryption, sealed.personalData);
}
