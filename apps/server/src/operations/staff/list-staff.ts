import type { StaffMemberSummary } from '@app/core/staff-api';
import { eq } from 'drizzle-orm';
import { staffUser } from '../../db/staff-schema.ts';
import { authorize, type OperationDeps } from '../operation-context.ts';
import { presentStaffMember } from '../presenters/staff-presenter.ts';
import type { StaffManager } from './staff-manager.ts';
import { staffSummaries } from './staff-queries.ts';

/** Every member, enabled first. Permission: staff:manage. */
export async function listStaff(deps: OperationDeps, actor: StaffManager): Promise<StaffMemberSummary[]> {
  await authorize(deps, actor, 'staff:manage');
  const rows = await staffSummaries(deps.db).orderBy(staffUser.banned, staffUser.name);
  return rows.map(presentStaffMember);
}

/** One member. Permission: staff:manage. */
export async function getStaffMember(
  deps: OperationDeps,
  actor: StaffManager,
  id: string,
): Promise<StaffMemberSummary | undefined> {
  await authorize(deps, actor, 'staff:manage');
  if (!id || id.length > 64) return undefined;
  const [row] = await staffSummaries(deps.db).where(eq(staffUser.id, id)).limit(1);
  return row ? presentStaffMember(row) : undefined;
}

/** The member with this address (as the command line names them). Permission: staff:manage. */
export async function findStaffMemberByEmail(
  deps: OperationDeps,
  actor: StaffManager,
  email: string,
): Promise<StaffMemberSummary | undefined> {
  await authorize(deps, actor, 'staff:manage');
  const [row] = await staffSummaries(deps.db).where(eq(staffUser.email, email.trim().toLowerCase())).limit(1);
  return row ? presentStaffMember(row) : undefined;
}
