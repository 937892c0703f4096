import { AppError } from '@app/core/errors/app-error';
import { and, asc, eq } from 'drizzle-orm';
import type { AuditRecord } from '../../audit/audit-log.ts';
import { staffSession, staffUser } from '../../db/staff-schema.ts';
import {
  type Actor,
  auditedActor,
  authorize,
  type CommandLineActor,
  isCommandLine,
  type OperationDeps,
  type Tx,
} from '../operation-context.ts';

/**
 * Who manages staff: a signed-in admin, or the command line (`npm run staff`, run by whoever
 * holds the server and its database; the audit log says so).
 */
export type StaffManager = Actor | CommandLineActor;

/** Permission: staff:manage, which admins and the command line have (`COMMAND_LINE_PERMISSIONS`). */
export function authorizeManager(deps: OperationDeps, manager: StaffManager) {
  return authorize(deps, manager, 'staff:manage');
}

/**
 * Locks every enabled admin until the transaction ends, in one order (so two admins acting at once
 * wait for each other rather than deadlock), and answers whether the acting admin is still one (the
 * command line always is):
 * a member demoted or disabled a moment ago by another admin may no longer manage anyone.
 */
export async function lockAdmins(tx: Tx, manager: StaffManager) {
  const rows = await tx
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(and(eq(staffUser.role, 'admin'), eq(staffUser.banned, false)))
    .orderBy(asc(staffUser.id))
    .for('update');
  const ids = rows.map((row) => row.id);
  return { ids, managerIsStillAdmin: isCommandLine(manager) || ids.includes(manager.id) };
}

/**
 * What a change to a member's standing (role, enabled) starts with: the admins and the member
 * locked, and the refusals every such change shares (`staff.conflict`: the acting admin was
 * demoted or disabled a moment ago; `staff.notFound`). `isLastAdmin`: no other enabled admin
 * would remain if this member stopped being one.
 */
export async function lockStandingChange(tx: Tx, manager: StaffManager, id: string) {
  const admins = await lockAdmins(tx, manager);
  if (!admins.managerIsStillAdmin) throw new AppError('staff.conflict');
  const member = await lockMember(tx, id);
  return { member, isLastAdmin: member.role === 'admin' && !admins.ids.some((adminId) => adminId !== id) };
}

/**
 * The member, locked until the transaction ends; `staff.notFound` when there is none (the page
 * that named them shows the sentence, the command line its own).
 */
export async function lockMember(tx: Tx, id: string) {
  const [row] =
    id && id.length <= 64 ? await tx.select().from(staffUser).where(eq(staffUser.id, id)).for('update').limit(1) : [];
  if (!row) throw new AppError('staff.notFound');
  return row;
}

/** Ends every session of a member, inside the change that requires it (role, disabled, 2FA reset). */
export function endSessions(tx: Tx, userId: string) {
  return tx.delete(staffSession).where(eq(staffSession.userId, userId));
}

/** An audit row about a staff member, in the change's transaction. */
export function auditStaff(
  deps: OperationDeps,
  tx: Tx,
  manager: StaffManager,
  action: AuditRecord['action'],
  id: string,
  details: AuditRecord['details'] = {},
) {
  return deps.audit.record({ action, ...auditedActor(manager), subjectType: 'staff', subjectId: id, details }, tx);
}
