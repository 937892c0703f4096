import { randomBytes, randomUUID } from 'node:crypto';
import type { StaffChange } from '@app/core/staff-api';
import { SET_PASSWORD_LINK_SECONDS } from '../../auth/auth.ts';
import { staffVerification } from '../../db/staff-schema.ts';
import type { OperationDeps, Tx } from '../operation-context.ts';
import { auditStaff, authorizeManager, lockMember, type StaffManager } from './staff-manager.ts';

/** A one-time link (7 days) to choose a password, as better-auth's password reset reads it. */
export async function newSetPasswordLink(deps: OperationDeps, tx: Tx, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(staffVerification).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_SECONDS * 1000),
  });
  return `${deps.publicUrl}/internal/set-password?token=${token}`;
}

/** A new link for a member to choose a password (a forgotten one, or a first one). Permission: staff:manage. */
export async function issueSetPasswordLink(
  deps: OperationDeps,
  manager: StaffManager,
  id: string,
): Promise<StaffChange<{ setPasswordUrl: string }>> {
  await authorizeManager(deps, manager);
  return deps.db.transaction(async (tx) => {
    if (!(await lockMember(tx, id))) return { ok: false, code: 'notFound' } as const;
    const setPasswordUrl = await newSetPasswordLink(deps, tx, id);
    await auditStaff(deps, tx, manager, 'staff.password-link-issued', id);
    return { ok: true, setPasswordUrl } as const;
  });
}
