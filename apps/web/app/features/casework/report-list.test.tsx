import { REPORT_STATUSES, type ReportStatus } from '@app/core/casework/statuses';
import { type FilterValues, filterQuery, readFilters } from '@app/core/staff/list-filters';
import { REPORT_FILTERS } from '@app/core/staff/report-filters';
import type { Language } from '@app/locales/languages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DataTable } from '../../shared/staff/list/data-table.tsx';
import { FilterForm } from '../../shared/staff/list/filter-form.tsx';
import { PagedList } from '../../shared/staff/list/paged-list.tsx';
import { renderInLanguage } from '../../test/render.tsx';
import { reportFilterControls } from './report-filter-controls.ts';

type Row = { id: string; status: ReportStatus; received: string };

/** 23 reports: every fifth one new, the others in review. */
const ROWS: Row[] = Array.from({ length: 23 }, (_, index) => ({
  id: `report-${index + 1}`,
  status: index % 5 === 0 ? 'new' : 'in_review',
  received: `2026-11-${String(index + 1).padStart(2, '0')}`,
}));
const PAGE_SIZE = 10;

/** The report list as the staff page builds it from the kit, over rows held in memory. */
function ReportList() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const filter = readFilters(REPORT_FILTERS, params);
  const matching = ROWS.filter((row) => !filter.status || row.status === filter.status);
  const items = matching.slice((filter.page - 1) * PAGE_SIZE, filter.page * PAGE_SIZE);
  return (
    <>
      <FilterForm
        id="reports"
        label={t('casework.filters')}
        schema={REPORT_FILTERS}
        values={filter}
        controls={reportFilterControls(t, [])}
        apply={t('casework.apply')}
        clear={{ label: t('casework.clear'), to: '?' }}
      />
      <PagedList
        list={{ total: matching.length, page: filter.page, pageSize: PAGE_SIZE }}
        messages="casework"
        href={(page) => filterQuery(REPORT_FILTERS, filter, page)}
      >
        <DataTable
          label={t('casework.listTitle')}
          rows={items}
          rowKey={(row) => row.id}
          empty={t('casework.empty')}
          columns={[
            {
              header: t('casework.received'),
              isRowHeader: true,
              cell: (row) => <Link to={`/internal/reports/${row.id}`}>{row.received}</Link>,
            },
            { header: t('casework.status'), cell: (row) => t(`reportStatus.${row.status}`) },
          ]}
        />
      </PagedList>
    </>
  );
}

const show = (language: Language, query = '') =>
  renderInLanguage(language, ['common', 'internal'], () => <ReportList />, { path: `/internal/reports${query}` });

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const shownOption = (name: string) => select(name).selectedOptions[0]?.textContent;
const statusColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

// A guard against a hang, not a measure of speed: these act as a person does, on a machine that may be busy.
const GUARD = { timeout: 30_000 };

describe('the report list, built from the staff list kit', () => {
  it('shows the filters of the address in labelled controls and ignores what it does not know', GUARD, () => {
    show('en', '?status=in_review&type=nonsense&from=2026-02-30&to=2026-11-20&quarantined=yes&sort=incident-asc');
    const form = screen.getByRole('form', { name: 'Filter reports' });
    expect(shownOption('Status')).toBe('In review');
    expect(shownOption('Type')).toBe('Any type');
    // Not a real day: the field is empty, as the server reads it.
    expect(within(form).getByLabelText<HTMLInputElement>('Incident from').value).toBe('');
    expect(within(form).getByLabelText<HTMLInputElement>('Incident until').value).toBe('2026-11-20');
    expect(screen.getByRole('checkbox', { name: 'Show only reports held back by the spam check' })).toHaveProperty(
      'checked',
      true,
    );
    // A choice with a default offers no "any".
    expect(
      within(select('Sort by'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Received, newest first',
      'Received, oldest first',
      'Incident date, newest first',
      'Incident date, oldest first',
    ]);
    expect(shownOption('Sort by')).toBe('Incident date, oldest first');
    expect(
      within(select('Automatic check'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'With or without the automatic check',
      'With the automatic check',
      'Sent without the automatic check',
      'Recorded by a staff member, no automatic check',
    ]);
  });

  it('applies the chosen filters through the address, counts what matches and pages through it', GUARD, async () => {
    const user = userEvent.setup();
    show('en');
    expect(screen.getByRole('status').textContent).toBe('23 reports, page 1 of 3');
    expect(screen.getAllByRole('row')).toHaveLength(1 + PAGE_SIZE);

    await user.selectOptions(select('Status'), 'In review');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('18 reports, page 1 of 2')).toBeTruthy();
    expect(new Set(statusColumn())).toEqual(new Set(['In review']));
    expect(shownOption('Status')).toBe('In review');

    const pages = screen.getByRole('navigation', { name: 'Pages of the report list' });
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).toBeNull();
    const next = within(pages).getByRole('link', { name: 'Next page' });
    // The next page keeps the filters, as the server reads them back.
    const href = next.getAttribute('href') ?? '';
    expect(readFilters(REPORT_FILTERS, new URL(href, 'http://localhost').searchParams)).toMatchObject({
      status: 'in_review',
      sort: 'received-desc',
      page: 2,
    });
    await user.click(next);
    expect(await screen.findByText('18 reports, page 2 of 2')).toBeTruthy();
    expect(statusColumn()).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
  });

  it('says so when nothing matches, without an empty table', GUARD, () => {
    show('en', '?status=closed');
    expect(screen.getByRole('status').textContent).toBe('0 reports, page 1 of 1');
    expect(screen.getByText('No reports match these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('reads in Hebrew, right to left, with the plural forms of Hebrew', GUARD, async () => {
    const user = userEvent.setup();
    const { container } = show('he', '?status=new');
    expect(container.querySelector('[dir="rtl"]')?.contains(screen.getByRole('form'))).toBe(true);
    expect(screen.getByRole('form', { name: 'סינון הדיווחים' })).toBeTruthy();
    expect(shownOption('סטטוס')).toBe('חדש');
    expect(screen.getByRole('status').textContent).toBe('5 דיווחים, עמוד 1 מתוך 1');
    expect(screen.getByRole('region', { name: 'דיווחים' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['מועד קבלה', 'סטטוס']);
    expect(screen.getAllByRole('rowheader')[0]?.querySelector('a')?.getAttribute('href')).toBe(
      '/internal/reports/report-1',
    );

    await user.click(screen.getByRole('link', { name: 'ניקוי הסינון' }));
    expect(await screen.findByText('23 דיווחים, עמוד 1 מתוך 3')).toBeTruthy();
    // The form shows what the address now says: no filter left chosen.
    expect(shownOption('סטטוס')).not.toBe('חדש');
    expect(select('סטטוס').value).toBe('');
  });
});

describe('filterQuery', () => {
  it('writes back what readFilters reads, for every status', GUARD, () => {
    for (const status of REPORT_STATUSES) {
      const values: Partial<FilterValues<typeof REPORT_FILTERS>> = { status, quarantined: true, sort: 'incident-desc' };
      const query = filterQuery(REPORT_FILTERS, values, 4);
      expect(query).toBe(`?status=${status}&sort=incident-desc&quarantined=yes&page=4`);
      expect(readFilters(REPORT_FILTERS, new URLSearchParams(query))).toMatchObject({ ...values, page: 4 });
    }
  });
});
