import { and, asc, eq, ne } from 'drizzle-orm';
import { staffUser } from '../../db/staff-schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/** The members a report can be assigned to: enabled, and allowed to read reports. Permission: reports:manage. */
export async function reportAssignees(deps: OperationDeps, actor: Actor): Promise<{ id: string; name: string }[]> {
  await authorize(deps, actor, 'reports:manage');
  return deps.db
    .select({ id: staffUser.id, name: staffUser.name })
    .from(staffUser)
    .where(and(eq(staffUser.banned, false), ne(staffUser.role, 'viewer')))
    .orderBy(asc(staffUser.name));
}
