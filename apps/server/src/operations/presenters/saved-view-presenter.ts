import type { SavedView, SavedViewFilters } from '@app/core/casework/search';
import { filterQuery, readFilters } from '@app/core/staff/list-filters';
import { REPORT_FILTERS } from '@app/core/staff/report-filters';
import type { Encryption } from '../../crypto/encryption.ts';

/** A view's filters read again through the list's own rules: a value no longer offered is dropped. */
export function cleanViewFilters(filters: Partial<SavedViewFilters>): SavedViewFilters {
  const { page: _page, ...clean } = readFilters(
    REPORT_FILTERS,
    new URLSearchParams(filterQuery(REPORT_FILTERS, filters as Parameters<typeof filterQuery>[1], 1)),
  );
  return clean;
}

/** A saved view for its owner: the name, the filters, and the search opened. */
export function presentSavedView(
  encryption: Pick<Encryption, 'openText'>,
  row: { id: string; name: string; filters: unknown; search: string | null; createdAt: Date },
): SavedView {
  return {
    id: row.id,
    name: row.name,
    filters: cleanViewFilters((row.filters ?? {}) as Partial<SavedViewFilters>),
    search: row.search ? encryption.openText(row.search) : '',
    createdAt: row.createdAt.toISOString(),
  };
}
