import { AppError } from '@app/core/errors/app-error';
import type { StaffMemberSummary } from '@app/core/staff/staff-api';
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

/** One member; `NOT_FOUND` for an id that names none. Permission: staff:manage. */
export async function getStaffMember(
  deps: OperationDeps,
  actor: StaffManager,
  id: string,
): Promise<StaffMemberSummary> {
  await authorize(deps, actor, 'staff:manage');
  const [row] = id && id.length <= 64 ? await staffSummaries(deps.db).where(eq(staffUser.id, id)).limit(1) : [];
  if (!row) throw new AppError('NOT_FOUND');
  return presentStaffMember(row);
}

/**
 * The member with this address (as the command line names them), if there is one: a search, whose
 * "none" the command line words for the operator. Permission: staff:manage.
 */
export async function findStaffMemberByEmail(
  deps: OperationDeps,
  actor: StaffManager,
  email: string,
): Promise<StaffMemberSummary | undefined> {
  await authorize(deps, actor, 'staff:manage');
  const [row] = await staffSummaries(deps.db).where(eq(staffUser.email, email.trim().toLowerCase())).limit(1);
  return row ? presentStaffMember(row) : undefined;
}
