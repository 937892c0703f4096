import type { StaffServicesForWeb } from '@app/core/staff-api';
import type { StaffAuthService } from '../auth/staff-auth.service.ts';
import type { AuditLog } from './audit.service.ts';
import type { createDashboardService } from './dashboard.service.ts';
import type { StaffService } from './staff.service.ts';

/** The staff services, shaped as the internal pages call them (`@app/core/staff-api`). */
export function staffServicesForWeb(parts: {
  staffAuth: StaffAuthService;
  staff: StaffService;
  dashboard: ReturnType<typeof createDashboardService>;
  audit: AuditLog;
}): StaffServicesForWeb {
  const { staffAuth, staff, dashboard, audit } = parts;
  return {
    ...staffAuth,
    dashboard: (member) => dashboard.forStaff(member),
    listStaff: () => staff.list(),
    getStaff: (id) => staff.get(id),
    createStaff: (actor, input) => staff.create(actor, input),
    changeRole: (actor, id, role) => staff.changeRole(actor, id, role),
    setDisabled: (actor, id, disabled) => staff.setDisabled(actor, id, disabled),
    resetTwoFactor: (actor, id) => staff.resetTwoFactor(actor, id),
    issueSetPasswordLink: (actor, id) => staff.issueSetPasswordLink(actor, id),
    auditLog: (filter) => audit.list(filter),
    recordAccessDenied: (member, path) =>
      audit.record({ action: 'access.denied', actorId: member.id, details: { path, role: member.role } }),
  };
}
