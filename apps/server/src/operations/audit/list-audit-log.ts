import type { AuditFilter, AuditPage } from '@app/core/staff/staff-api';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/** One page of the audit log. Permission: audit:view. */
export async function listAuditLog(deps: OperationDeps, actor: Actor, filter: AuditFilter): Promise<AuditPage> {
  await authorize(deps, actor, 'audit:view');
  return deps.audit.list(filter);
}
