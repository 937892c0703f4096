import {
  type DashboardEarlyWarning,
  type EarlyWarningFacts,
  type EarlyWarningRule,
  type EarlyWarningSettings,
  windowOf,
} from '@app/core/staff/early-warnings';
import { can, type StaffRole } from '@app/core/staff/staff';

/** An early warning as the dashboard's query reads it: the keyed hash of an address is not read at all. */
export type EarlyWarningRow = EarlyWarningFacts & { raisedAt: Date; acknowledgedCount: number };

/**
 * Early warnings for the dashboard (decision 0052): to roles that may acknowledge them
 * (coordinators and admins), nothing to a viewer, who may not open the reports the link lists.
 * Place, type, category or tag, count and dates: no report's word, no online address.
 */
export function presentEarlyWarnings(
  role: StaffRole,
  rows: EarlyWarningRow[],
  settings: EarlyWarningSettings,
): DashboardEarlyWarning[] | undefined {
  if (!can(role, 'warnings:acknowledge')) return undefined;
  return rows.map((row) => ({
    window: windowOf(row.rule, settings),
    id: row.id,
    rule: row.rule,
    municipality: row.municipality,
    incidentType: row.incidentType,
    category: row.category,
    tagNames: row.tagNames,
    incidentCount: row.incidentCount,
    firstDate: row.firstDate,
    lastDate: row.lastDate,
    raisedAt: row.raisedAt.toISOString(),
    acknowledgedCount: row.acknowledgedCount,
  }));
}
