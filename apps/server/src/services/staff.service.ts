import type { NewStaff, StaffRole } from '@app/core/staff';
import type { StaffChange, StaffMemberSummary } from '@app/core/staff-api';
import { eq } from 'drizzle-orm';
import { staffUser } from '../db/staff-schema.ts';
import type { OperationDeps } from '../operations/operation-context.ts';
import { presentStaffMember } from '../operations/presenters/staff-presenter.ts';
import { changeStaffRole } from '../operations/staff/change-staff-role.ts';
import { createStaffMember } from '../operations/staff/create-staff-member.ts';
import { issueSetPasswordLink } from '../operations/staff/issue-set-password-link.ts';
import { resetTwoFactor } from '../operations/staff/reset-two-factor.ts';
import { setStaffDisabled } from '../operations/staff/set-staff-disabled.ts';
import { staffSummaries } from '../operations/staff/staff-queries.ts';

/**
 * Staff management from the command line (`npm run staff`), run by whoever holds the server and
 * its database: the same operations as the admins' pages, with no actor (the audit log says
 * `via: command-line`). Pages never get this object; they get their actor's operations.
 */
export type CommandLineStaff = {
  list(): Promise<StaffMemberSummary[]>;
  findByEmail(email: string): Promise<StaffMemberSummary | undefined>;
  /** With a password the member can sign in at once; without, they get a set-password link. */
  create(input: NewStaff, password?: string): Promise<StaffChange<{ id: string; setPasswordUrl: string }>>;
  changeRole(id: string, role: StaffRole): Promise<StaffChange>;
  setDisabled(id: string, disabled: boolean): Promise<StaffChange>;
  resetTwoFactor(id: string): Promise<StaffChange>;
  issueSetPasswordLink(id: string): Promise<StaffChange<{ setPasswordUrl: string }>>;
};

export function createCommandLineStaff(deps: OperationDeps): CommandLineStaff {
  return {
    async list() {
      const rows = await staffSummaries(deps.db).orderBy(staffUser.banned, staffUser.name);
      return rows.map(presentStaffMember);
    },
    async findByEmail(email) {
      const [row] = await staffSummaries(deps.db).where(eq(staffUser.email, email.trim().toLowerCase())).limit(1);
      return row ? presentStaffMember(row) : undefined;
    },
    create: (input, password) => createStaffMember(deps, undefined, input, password),
    changeRole: (id, role) => changeStaffRole(deps, undefined, id, role),
    setDisabled: (id, disabled) => setStaffDisabled(deps, undefined, id, disabled),
    resetTwoFactor: (id) => resetTwoFactor(deps, undefined, id),
    issueSetPasswordLink: (id) => issueSetPasswordLink(deps, undefined, id),
  };
}
