import type { StaffMemberSummary } from '@app/core/staff-api';
import { eq } from 'drizzle-orm';
import { staffUser } from '../../db/staff-schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { presentStaffMember } from '../presenters/staff-presenter.ts';
import { staffSummaries } from './staff-queries.ts';

/** Every member, enabled first. Permission: staff:manage. */
export async function listStaff(deps: OperationDeps, actor: Actor): Promise<StaffMemberSummary[]> {
  await authorize(deps, actor, 'staff:manage');
  const rows = await staffSummaries(deps.db).orderBy(staffUser.banned, staffUser.name);
  return rows.map(presentStaffMember);
}

/** One member. Permission: staff:manage. */
export async function getStaffMember(
  deps: OperationDeps,
  actor: Actor,
  id: string,
): Promise<StaffMemberSummary | undefined> {
  await authorize(deps, actor, 'staff:manage');
  if (!id || id.length > 64) return undefined;
  const [row] = await staffSummaries(deps.db).where(eq(staffUser.id, id)).limit(1);
  return row ? presentStaffMember(row) : undefined;
}
