import { formatDateTime } from '../../../i18n/dates.ts';
import type { Translate } from '../../../i18n/translator.ts';
import type { Column } from './data-table.tsx';

/*
 * Columns that the staff tables of reports share, each written once: a date and time in the page's
 * language, the report's type of incident, its status. Each reads only the field it names, so it
 * serves any table whose rows have it.
 */

/** The date and time in the row's field `field`, as the page's language writes it. */
export function dateColumn<Field extends string>(
  header: string,
  field: Field,
  language: string,
): Column<Record<Field, string>> {
  return { header, cell: (row) => formatDateTime(row[field], language) };
}

/** The type of incident, by its name. */
export function typeColumn(t: Translate, header = t('dashboard.type')): Column<{ incidentType: string }> {
  return { header, cell: (row) => t(`incidentTypes.${row.incidentType}.label`) };
}

/** The report's status, by its name. */
export function statusColumn(t: Translate): Column<{ status: string }> {
  return { header: t('dashboard.status'), cell: (row) => t(`reportStatus.${row.status}`) };
}
