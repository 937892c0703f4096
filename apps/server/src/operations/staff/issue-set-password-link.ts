import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { SET_PASSWORD_LINK_SECONDS } from '../../auth/auth.ts';
import { staffVerification } from '../../db/staff-schema.ts';
import type { OperationDeps, Tx } from '../operation-context.ts';
import { auditStaff, authorizeManager, lockMember, type StaffManager } from './staff-manager.ts';

/**
 * A one-time link (72 hours) to choose a password, as better-auth's password reset reads it. It
 * replaces every earlier link of the member, in the same transaction: a link sent once to a wrong
 * or since-compromised inbox stops working as soon as a new one is issued (security review
 * 2026-11-26, finding 10).
 */
export async function newSetPasswordLink(deps: OperationDeps, tx: Tx, userId: string): Promise<string> {
  await revokeSetPasswordLinks(tx, userId);
  const token = randomBytes(32).toString('base64url');
  await tx.insert(staffVerification).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_SECONDS * 1000),
  });
  return `${deps.publicUrl}/internal/set-password?token=${token}`;
}

/** Every set-password link of the member stops working (a new link, or the member disabled). */
export async function revokeSetPasswordLinks(tx: Tx, userId: string): Promise<void> {
  await tx
    .delete(staffVerification)
    .where(and(like(staffVerification.identifier, 'reset-password:%'), eq(staffVerification.value, userId)));
}

/** A new link for a member to choose a password (a forgotten one, or a first one). Permission: staff:manage. */
export async function issueSetPasswordLink(
  deps: OperationDeps,
  manager: StaffManager,
  id: string,
): Promise<{ setPasswordUrl: string }> {
  await authorizeManager(deps, manager);
  return deps.db.transaction(async (tx) => {
    await lockMember(tx, id);
    const setPasswordUrl = await newSetPasswordLink(deps, tx, id);
    await auditStaff(deps, tx, manager, 'staff.password-link-issued', id);
    return { setPasswordUrl };
  });
}
