import type { IncidentSuggestion, SuggestionReason } from '@app/core/casework/casework-api';
import { can, type StaffRole } from '@app/core/staff/staff';
import type { SuggestedIncidentRow } from '../../services/casework/incident-suggestions.ts';

/**
 * Suggested links as a role may see them (decision 0043): why each is suggested and what staff
 * recorded of the incident. Never what a reporter wrote, who they are, or the address that
 * matched (the rows hold none); the report that opens the incident only for a role that may read
 * reports.
 */
export function presentIncidentSuggestions(role: StaffRole, rows: SuggestedIncidentRow[]): IncidentSuggestion[] {
  const readsReports = can(role, 'reports:manage');
  return rows.map((row) => {
    const reasons: SuggestionReason[] = [];
    if (row.samePlace) reasons.push('place-date-type');
    if (row.sameAddress) reasons.push('online-address');
    return {
      incidentId: row.incidentId,
      reasons,
      incidentDate: row.incidentDate,
      incidentType: row.incidentType,
      municipality: row.municipality,
      counts: row.counts,
      reportCount: row.reports,
      ...(readsReports ? { reportId: row.firstReportId } : {}),
    };
  });
}
