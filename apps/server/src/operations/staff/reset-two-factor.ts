import { eq } from 'drizzle-orm';
import { staffPasskey, staffTwoFactor, staffUsedTotpCode, staffUser } from '../../db/staff-schema.ts';
import type { OperationDeps } from '../operation-context.ts';
import { auditStaff, authorizeManager, endSessions, lockMember, type StaffManager } from './staff-manager.ts';

/**
 * For a lost phone: the member's authenticator, recovery codes and passkeys are removed (a lost
 * phone may hold a passkey too) and their sessions end; they set up a new app at their next
 * sign-in. Permission: staff:manage.
 */
export async function resetTwoFactor(deps: OperationDeps, manager: StaffManager, id: string): Promise<void> {
  await authorizeManager(deps, manager);
  await deps.db.transaction(async (tx) => {
    await lockMember(tx, id);
    await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, id));
    await tx.delete(staffUsedTotpCode).where(eq(staffUsedTotpCode.userId, id));
    await tx.delete(staffPasskey).where(eq(staffPasskey.userId, id));
    await tx.update(staffUser).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(staffUser.id, id));
    await endSessions(tx, id);
    await auditStaff(deps, tx, manager, 'two-factor.reset', id);
  });
}
