import type { ReportListFilter } from './casework-api.ts';
import { INCIDENT_TYPES } from './incident-types.ts';
import { SPAM_CHECKS } from './plain-forms.ts';
import { dayFromQuery, pageFromQuery } from './query-params.ts';
import { REPORT_STATUSES } from './statuses.ts';

const SORTS = ['received-desc', 'received-asc', 'incident-desc', 'incident-asc'] as const;

/** The report list's filters from its query string; anything unknown is ignored, not an error. */
export function reportFilterFromUrl(url: URL): ReportListFilter {
  const get = (name: string) => url.searchParams.get(name) ?? '';
  const status = get('status');
  const type = get('type');
  const sort = SORTS.find((candidate) => candidate === get('sort')) ?? 'received-desc';
  const yesNo = (value: string) => (value === 'yes' || value === 'no' ? value : undefined);
  return {
    status: REPORT_STATUSES.find((candidate) => candidate === status),
    type: INCIDENT_TYPES.find((candidate) => candidate === type),
    from: dayFromQuery(get('from')),
    to: dayFromQuery(get('to')),
    anonymous: yesNo(get('anonymous')),
    attachments: yesNo(get('attachments')),
    quarantined: get('quarantined') === 'yes',
    spamCheck: SPAM_CHECKS.find((candidate) => candidate === get('spamCheck')),
    sort,
    page: pageFromQuery(get('page')),
  };
}
