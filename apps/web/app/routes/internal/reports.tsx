import type { ReportListFilter, ReportListItem, ReportListPage } from '@app/core/casework/casework-api';
import { AppError, isAppError } from '@app/core/errors/app-error';
import { filterQuery, readFilters } from '@app/core/staff/list-filters';
import { REPORT_FILTERS, reportFilterFromUrl } from '@app/core/staff/report-filters';
import { Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import { reportFilterControls } from '../../features/casework/report-filter-controls.ts';
import { ReportSearch, type SearchOutcome } from '../../features/casework/report-search.tsx';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime, formatDay } from '../../i18n/dates.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures, formFailure } from '../../shared/failures.server.ts';
import { typeColumn } from '../../shared/staff/list/columns.ts';
import { type Column, DataTable } from '../../shared/staff/list/data-table.tsx';
import { FilterForm } from '../../shared/staff/list/filter-form.tsx';
import { PagedList } from '../../shared/staff/list/paged-list.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import type { Route } from './+types/reports';

/**
 * The report list: filters in the address; a search across sealed text and the member's saved
 * views (decision 0055). A search is posted, never put in the address; its pages are reached by
 * its handle (`?searched=`, the id of its sealed words, the member's own and for an hour), and a
 * saved view by its id (`?view=`): neither says anything of the words.
 */
export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const staff = await requireStaff(args, 'reports:manage');
  const url = new URL(args.request.url);
  const views = await staff.reports.views.list();
  const viewId = url.searchParams.get('view');
  if (viewId) {
    const view = await staff.reports.views.open(viewId);
    const filter: ReportListFilter = {
      ...view.filters,
      page: reportFilterFromUrl(url).page,
      ...(view.search ? { search: view.search } : {}),
    };
    return { list: await staff.reports.list(filter), filter, search: view.search, views, viewId, expired: false };
  }
  const filter = reportFilterFromUrl(url);
  const searchId = url.searchParams.get('searched');
  if (searchId) {
    try {
      const list = await staff.reports.list({ ...filter, searchId });
      return { list, filter, search: list.search ?? '', views, viewId: null, expired: false };
    } catch (error) {
      // An hour later, or another member's address: the list without the search, and a sentence.
      if (!isAppError(error) || error.code !== 'search.searchExpired') throw error;
    }
  }
  return { list: await staff.reports.list(filter), filter, search: '', views, viewId: null, expired: !!searchId };
});

/** The list's filters as a form posts them back (its hidden fields). */
function postedFilter(form: FormData): ReportListFilter {
  const params = new URLSearchParams();
  for (const { name } of REPORT_FILTERS) {
    const value = field(form, name);
    if (value) params.set(name, value);
  }
  return readFilters(REPORT_FILTERS, params);
}

type ActionAnswer = {
  intent: 'search' | 'save-view' | 'delete-view';
  error?: string;
  at: number;
  searched?: { list: ReportListPage; filter: ReportListFilter; search: string };
};

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const staff = await requireStaff(args, 'reports:manage');
  const form = await args.request.formData();
  const intent = field(form, 'intent');
  const filter = postedFilter(form);
  const search = field(form, 'search');
  const at = Date.now();
  const answer = async (kind: ActionAnswer['intent'], work: () => Promise<ActionAnswer['searched'] | undefined>) => {
    try {
      const searched = await work();
      return { intent: kind, at, ...(searched ? { searched } : {}) } as ActionAnswer;
    } catch (error) {
      return formFailure(error, 'search', (code): ActionAnswer => ({ intent: kind, error: code, at }));
    }
  };
  if (intent === 'search') {
    return answer('search', async () => ({ list: await staff.reports.list({ ...filter, search }), filter, search }));
  }
  if (intent === 'save-view') {
    return answer('save-view', async () => {
      await staff.reports.views.save({ name: field(form, 'name'), filters: filter, search });
      return undefined;
    });
  }
  if (intent === 'delete-view') {
    return answer('delete-view', async () => {
      await staff.reports.views.remove(field(form, 'view'));
      return undefined;
    });
  }
  throw new AppError('BAD_REQUEST');
});

/** A search answers with its own list: the page's list is not read again for it. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.intent === 'search' ? false : defaultShouldRevalidate;
}

export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const answered = actionData as ActionAnswer | undefined;
  const searched = answered?.searched;
  const list = searched?.list ?? loaderData.list;
  const filter = searched?.filter ?? loaderData.filter;
  const search = searched?.search ?? loaderData.search;
  const searchId = searched?.list.searchId ?? loaderData.list.searchId;
  const { viewId } = loaderData;
  const pageLink = (page: number) => {
    if (viewId) return `?view=${encodeURIComponent(viewId)}&page=${page}`;
    const query = filterQuery(REPORT_FILTERS, filter, page);
    return searchId ? `${query}&searched=${encodeURIComponent(searchId)}` : query;
  };
  const outcome: SearchOutcome | undefined = answered
    ? { intent: answered.intent, error: answered.error, at: answered.at }
    : loaderData.expired
      ? { intent: 'search', error: 'searchExpired', at: 0 }
      : undefined;
  const columns: Column<ReportListItem>[] = [
    {
      header: t('casework.received'),
      isRowHeader: true,
      cell: (item) => (
        <Link
          to={`${INTERNAL_PAGES.reports}/${item.id}`}
          aria-label={t('casework.open', { date: formatDateTime(item.receivedAt, language) })}
        >
          {formatDateTime(item.receivedAt, language)}
        </Link>
      ),
    },
    { header: t('casework.incidentDate'), cell: (item) => formatDay(item.incidentDate, language) },
    typeColumn(t, t('casework.type')),
    {
      header: t('casework.status'),
      cell: (item) => (
        <>
          {t(`reportStatus.${item.status}`)}
          {item.isPublished && <span className="tag">{t('casework.published')}</span>}
        </>
      ),
    },
    {
      header: t('casework.reporter'),
      cell: (item) => (
        <>
          {item.isAnonymous ? t('dashboard.anonymous') : t('dashboard.named')}
          {item.spamCheck === 'form-token' && <span className="tag">{t('casework.withoutCheck')}</span>}
          {item.source !== 'web' && <span className="tag">{t(`casework.sources.${item.source}`)}</span>}
        </>
      ),
    },
    { header: t('casework.files'), cell: (item) => formatNumber(item.attachmentCount, language) },
    {
      header: t('casework.assignedTo'),
      cell: (item) => item.assignedTo ?? <span className="muted">{t('casework.nobody')}</span>,
    },
  ];
  const table = (
    <DataTable
      label={t('casework.listTitle')}
      columns={columns}
      rows={list.items}
      rowKey={(item) => item.id}
      empty={t('casework.empty')}
      stacked
    />
  );
  return (
    <StaffPage title={t('casework.listTitle')} intro={t('casework.listIntro')}>
      <p>
        <Link className="button button--secondary" to={INTERNAL_PAGES.recordReport}>
          {t('recordReport.link')}
        </Link>
      </p>
      <ReportSearch
        filter={filter}
        search={search}
        total={search ? list.total : undefined}
        views={loaderData.views}
        outcome={outcome}
      />
      <FilterForm
        id="reports"
        label={t('casework.filters')}
        schema={REPORT_FILTERS}
        values={filter}
        controls={reportFilterControls(
          t,
          list.tags.map((tag) => {
            const name = tag.names[language] ?? tag.names.en ?? '';
            return { id: tag.id, name: tag.disabled ? t('classification.disabledTag', { name }) : name };
          }),
        )}
        apply={t('casework.apply')}
        clear={{ label: t('casework.clear'), to: '?' }}
      />
      <PagedList list={list} messages="casework" href={pageLink}>
        {!search && (
          <p>
            <a
              className="button button--secondary"
              href={`/api/internal/exports/reports.csv${filterQuery(REPORT_FILTERS, filter, 1)}`}
              download
            >
              {t('casework.export')}
            </a>
          </p>
        )}
        {table}
      </PagedList>
    </StaffPage>
  );
}
