import type { StaffChange } from '@app/core/staff-api';
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
): Promise<StaffChange> {
  await authorizeManager(deps, manager);
  return deps.db.transaction(async (tx) => {
    const locked = await lockStandingChange(tx, manager, id);
    if (locked.refusal) return locked.refusal;
    if (locked.member.banned === disabled) return { ok: true } as const;
    if (disabled && locked.isLastAdmin) return { ok: false, code: 'lastAdmin' } as const;
    await tx.update(staffUser).set({ banned: disabled, updatedAt: new Date() }).where(eq(staffUser.id, id));
    if (disabled) {
      await endSessions(tx, id);
      await revokeSetPasswordLinks(tx, id);
    }
    await auditStaff(deps, tx, manager, disabled ? 'staff.disabled' : 'staff.enabled', id);
    return { ok: true } as const;
  });
}
