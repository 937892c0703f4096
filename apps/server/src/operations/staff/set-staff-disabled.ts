import { AppError } from '@app/core/errors/app-error';
import { eq } from 'drizzle-orm';
import { staffUser } from '../../db/staff-schema.ts';
import type { OperationDeps } from '../operation-context.ts';
import { revokeSetPasswordLinks } from './issue-set-password-link.ts';
import { auditStaff, authorizeManager, endSessions, lockStandingChange, type StaffManager } from './staff-manager.ts';

/**
 * Disables a member (their sessions end at once, their set-password links stop working) or enables
 * them again. The last enabled admin
 * cannot be disabled. Permission: staff:manage.
 */
export async function setStaffDisabled(
  deps: OperationDeps,
  manager: StaffManager,
  id: string,
  disabled: boolean,
): Promise<void> {
  await authorizeManager(deps, manager);
  await deps.db.transaction(async (tx) => {
    const { member, isLastAdmin } = await lockStandingChange(tx, manager, id);
    if (member.banned === disabled) return;
    if (disabled && isLastAdmin) throw new AppError('staff.lastAdmin');
    await tx.update(staffUser).set({ banned: disabled, updatedAt: new Date() }).where(eq(staffUser.id, id));
    if (disabled) {
      await endSessions(tx, id);
      await revokeSetPasswordLinks(tx, id);
    }
    await auditStaff(deps, tx, manager, disabled ? 'staff.disabled' : 'staff.enabled', id);
  });
}
