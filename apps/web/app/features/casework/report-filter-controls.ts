import type { REPORT_FILTERS } from '@app/core/staff/report-filters';
import type { Translate } from '../../i18n/translator.ts';
import type { FilterControl } from '../../shared/staff/list/filter-form.tsx';
import { spamCheckControl } from '../../shared/staff/list/spam-check.ts';

type ReportFilterName = (typeof REPORT_FILTERS)[number]['name'];

/** The message of each sort order. */
const SORT_MESSAGES: Record<string, string> = {
  'received-desc': 'casework.sortReceivedDesc',
  'received-asc': 'casework.sortReceivedAsc',
  'incident-desc': 'casework.sortIncidentDesc',
  'incident-asc': 'casework.sortIncidentAsc',
};

/** How the report list's filter form words each filter of `REPORT_FILTERS`. */
export function reportFilterControls(
  t: Translate,
  tags: { id: string; name: string }[],
): Record<ReportFilterName, FilterControl> {
  // The classification of the incident (decision 0044): any, each value, or not recorded.
  const classification = (dimension: string, label: string): FilterControl => ({
    label,
    any: t('classification.anyValue'),
    option: (v) => (v === 'none' ? t('classification.notRecorded') : t(`classification.values.${dimension}.${v}`)),
  });
  return {
    status: { label: t('casework.status'), any: t('casework.anyStatus'), option: (v) => t(`reportStatus.${v}`) },
    type: { label: t('casework.type'), any: t('casework.anyType'), option: (v) => t(`incidentTypes.${v}.label`) },
    from: { label: t('casework.incidentFrom') },
    to: { label: t('casework.incidentTo') },
    anonymous: {
      label: t('casework.reporter'),
      any: t('casework.anyReporter'),
      option: (v) => t(v === 'yes' ? 'casework.anonymousOnly' : 'casework.namedOnly'),
    },
    attachments: {
      label: t('casework.files'),
      any: t('casework.anyFiles'),
      option: (v) => t(v === 'yes' ? 'casework.withFiles' : 'casework.withoutFiles'),
    },
    spamCheck: spamCheckControl(t),
    source: { label: t('casework.source'), any: t('casework.anySource'), option: (v) => t(`casework.sources.${v}`) },
    category: classification('category', t('classification.category')),
    manifestation: classification('manifestation', t('classification.manifestation')),
    target: classification('target', t('classification.target')),
    knownThrough: classification('knownThrough', t('classification.knownThrough')),
    placeType: classification('placeType', t('classification.placeType')),
    tag: {
      label: t('classification.tag'),
      any: t('classification.anyValue'),
      options: tags.map((tag) => ({ value: tag.id, label: tag.name })),
    },
    // An early warning's incidents (decision 0052): kept from the dashboard's link, cleared with the rest.
    warning: { hidden: true },
    sort: { label: t('casework.sort'), option: (v) => t(SORT_MESSAGES[v] ?? v) },
    quarantined: { label: t('casework.quarantined') },
  };
}
