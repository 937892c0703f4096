import type { StaffMemberSummary } from '@app/core/staff/staff-api';
import type { staffSummaries } from '../staff/staff-queries.ts';

type SummaryRow = Awaited<ReturnType<typeof staffSummaries>>[number];

/** A member as admins see them: never a password hash, a TOTP secret or a session. */
export function presentStaffMember(row: SummaryRow): StaffMemberSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    disabled: row.banned,
    twoFactorEnabled: row.twoFactorEnabled,
    hasPassword: row.hasPassword,
    passkeys: row.passkeys,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  };
}
