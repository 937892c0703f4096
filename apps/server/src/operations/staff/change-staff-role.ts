import { AppError } from '@app/core/errors/app-error';
import { isStaffRole, type StaffRole } from '@app/core/staff/staff';
import { eq } from 'drizzle-orm';
import { staffUser } from '../../db/staff-schema.ts';
import type { OperationDeps } from '../operation-context.ts';
import { auditStaff, authorizeManager, endSessions, lockStandingChange, type StaffManager } from './staff-manager.ts';

/**
 * Gives a member another role; their sessions end (no page stays open with rights it no longer
 * has). The last enabled admin cannot stop being one, even when two admins demote each other at
 * the same moment: the admins are locked, and the second change sees the first. Permission: staff:manage.
 */
export async function changeStaffRole(
  deps: OperationDeps,
  manager: StaffManager,
  id: string,
  role: StaffRole,
): Promise<void> {
  await authorizeManager(deps, manager);
  if (!isStaffRole(role)) throw new AppError('staff.invalidRole');
  await deps.db.transaction(async (tx) => {
    const { member, isLastAdmin } = await lockStandingChange(tx, manager, id);
    if (member.role === role) return;
    if (isLastAdmin) throw new AppError('staff.lastAdmin');
    await tx.update(staffUser).set({ role, updatedAt: new Date() }).where(eq(staffUser.id, id));
    await endSessions(tx, id);
    await auditStaff(deps, tx, manager, 'staff.role-changed', id, { from: member.role, to: role });
  });
}
