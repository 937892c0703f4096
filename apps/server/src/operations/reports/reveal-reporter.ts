import type { ReporterIdentity } from '@app/core/casework-api';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
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
  if (!sealed.personalData) return { firstName: '', lastName: '', phone: '', email: '', address: '' };
  const identity = JSON.parse(deps.encryption.openText(sealed.personalData)) as Partial<ReporterIdentity>;
  return {
    firstName: identity.firstName ?? '',
    lastName: identity.lastName ?? '',
    phone: identity.phone ?? '',
    email: identity.email ?? '',
    address: identity.address ?? '',
  };
}
