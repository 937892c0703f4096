import type { NewStaff, StaffRole } from '@app/core/staff/staff';
import type { StaffMemberSummary } from '@app/core/staff/staff-api';
import { COMMAND_LINE, type CommandLineActor, type OperationDeps } from './operation-context.ts';
import { changeStaffRole } from './staff/change-staff-role.ts';
import { createStaffMember } from './staff/create-staff-member.ts';
import { issueSetPasswordLink } from './staff/issue-set-password-link.ts';
import { findStaffMemberByEmail, listStaff } from './staff/list-staff.ts';
import { resetTwoFactor } from './staff/reset-two-factor.ts';
import { setStaffDisabled } from './staff/set-staff-disabled.ts';

/**
 * The operations of the command line (`npm run staff`), bound to its actor as a member's are to
 * theirs: the same staff operations as the admins' pages, each authorising the command line
 * (`COMMAND_LINE_PERMISSIONS`) and writing audit rows whose actor is the command line. Built only
 * by the command itself and by tests; no page, route or job receives it.
 */
export type CommandLineOperations = {
  actor: CommandLineActor;
  staff: {
    list(): Promise<StaffMemberSummary[]>;
    findByEmail(email: string): Promise<StaffMemberSummary | undefined>;
    /** With a password the member can sign in at once; without, they get a set-password link. */
    create(input: NewStaff, password?: string): Promise<{ id: string; setPasswordUrl: string }>;
    changeRole(id: string, role: StaffRole): Promise<void>;
    setDisabled(id: string, disabled: boolean): Promise<void>;
    resetTwoFactor(id: string): Promise<void>;
    issueSetPasswordLink(id: string): Promise<{ setPasswordUrl: string }>;
  };
};

export function createCommandLineOperations(deps: OperationDeps): CommandLineOperations {
  const actor = COMMAND_LINE;
  return {
    actor,
    staff: {
      list: () => listStaff(deps, actor),
      findByEmail: (email) => findStaffMemberByEmail(deps, actor, email),
      create: (input, password) => createStaffMember(deps, actor, input, password),
      changeRole: (id, role) => changeStaffRole(deps, actor, id, role),
      setDisabled: (id, disabled) => setStaffDisabled(deps, actor, id, disabled),
      resetTwoFactor: (id) => resetTwoFactor(deps, actor, id),
      issueSetPasswordLink: (id) => issueSetPasswordLink(deps, actor, id),
    },
  };
}
