import type { ReportListFilter } from './casework-api.ts';
import { INCIDENT_TYPES } from './incident-types.ts';
import { type FilterField, readFilters } from './list-filters.ts';
import { SPAM_CHECKS } from './plain-forms.ts';
import { REPORT_STATUSES } from './statuses.ts';

const YES_NO = ['yes', 'no'] as const;
export const REPORT_SORTS = ['received-desc', 'received-asc', 'incident-desc', 'incident-asc'] as const;

/** The report list's filters, in the order of its form (see list-filters.ts). */
export const REPORT_FILTERS = [
  { kind: 'choice', name: 'status', values: REPORT_STATUSES },
  { kind: 'choice', name: 'type', values: INCIDENT_TYPES },
  { kind: 'day', name: 'from' },
  { kind: 'day', name: 'to' },
  { kind: 'choice', name: 'anonymous', values: YES_NO },
  { kind: 'choice', name: 'attachments', values: YES_NO },
  { kind: 'choice', name: 'spamCheck', values: SPAM_CHECKS },
  { kind: 'choice', name: 'sort', values: REPORT_SORTS, fallback: 'received-desc' },
  { kind: 'flag', name: 'quarantined' },
] as const satisfies readonly FilterField[];

/** The report list's filters from its query string (the list page and the CSV export alike). */
export function reportFilterFromUrl(url: URL): ReportListFilter {
  return readFilters(REPORT_FILTERS, url.searchParams);
}
