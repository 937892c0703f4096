import type { ReportListFilter } from '../casework/casework-api.ts';
import {
  INCIDENT_CATEGORIES,
  INCIDENT_MANIFESTATIONS,
  INCIDENT_TARGETS,
  KNOWN_THROUGH,
  PLACE_TYPES,
  UNCLASSIFIED,
} from '../casework/classification.ts';
import { REPORT_SOURCES } from '../casework/report-sources.ts';
import { REPORT_STATUSES } from '../casework/statuses.ts';
import { INCIDENT_TYPES } from '../forms/incident-types.ts';
import { REPORT_SPAM_CHECKS } from '../forms/plain-forms.ts';
import { type FilterField, readFilters } from './list-filters.ts';

const YES_NO = ['yes', 'no'] as const;
export const REPORT_SORTS = ['received-desc', 'received-asc', 'incident-desc', 'incident-asc'] as const;

/** The report list's filters, in the order of its form (see staff/list-filters.ts). */
export const REPORT_FILTERS = [
  { kind: 'choice', name: 'status', values: REPORT_STATUSES },
  { kind: 'choice', name: 'type', values: INCIDENT_TYPES },
  { kind: 'day', name: 'from' },
  { kind: 'day', name: 'to' },
  { kind: 'choice', name: 'anonymous', values: YES_NO },
  { kind: 'choice', name: 'attachments', values: YES_NO },
  { kind: 'choice', name: 'spamCheck', values: REPORT_SPAM_CHECKS },
  // How the report reached us (decision 0051).
  { kind: 'choice', name: 'source', values: REPORT_SOURCES },
  // The staff's classification of the report's incident (decision 0044); `none`: not recorded.
  { kind: 'choice', name: 'category', values: [...INCIDENT_CATEGORIES, UNCLASSIFIED] },
  { kind: 'choice', name: 'manifestation', values: [...INCIDENT_MANIFESTATIONS, UNCLASSIFIED] },
  { kind: 'choice', name: 'target', values: [...INCIDENT_TARGETS, UNCLASSIFIED] },
  { kind: 'choice', name: 'knownThrough', values: [...KNOWN_THROUGH, UNCLASSIFIED] },
  { kind: 'choice', name: 'placeType', values: [...PLACE_TYPES, UNCLASSIFIED] },
  { kind: 'text', name: 'tag' },
  // The incidents of one early warning (decision 0052): the dashboard's link, never an address.
  { kind: 'text', name: 'warning' },
  { kind: 'choice', name: 'sort', values: REPORT_SORTS, fallback: 'received-desc' },
  { kind: 'flag', name: 'quarantined' },
] as const satisfies readonly FilterField[];

/** The report list's filters from its query string (the list page and the CSV export alike). */
export function reportFilterFromUrl(url: URL): ReportListFilter {
  return readFilters(REPORT_FILTERS, url.searchParams);
}
