import { asc } from 'drizzle-orm';
import { staffUser } from '../../db/staff-schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/** Everyone who may appear in the log as having acted, for its filter. Permission: audit:view. */
export async function auditActors(deps: OperationDeps, actor: Actor): Promise<{ id: string; name: string }[]> {
  await authorize(deps, actor, 'audit:view');
  return deps.db.select({ id: staffUser.id, name: staffUser.name }).from(staffUser).orderBy(asc(staffUser.name));
}
