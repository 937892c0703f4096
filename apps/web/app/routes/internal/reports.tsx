import type { ReportListItem } from '@app/core/casework/casework-api';
import { filterQuery } from '@app/core/staff/list-filters';
import { REPORT_FILTERS, reportFilterFromUrl } from '@app/core/staff/report-filters';
import { Link } from 'react-router';
import { reportFilterControls } from '../../features/casework/report-filter-controls.ts';
import { requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime, formatDay } from '../../i18n/dates.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import { type Column, DataTable } from '../../shared/staff/list/data-table.tsx';
import { FilterForm } from '../../shared/staff/list/filter-form.tsx';
import { PagedList } from '../../shared/staff/list/paged-list.tsx';
import type { Route } from './+types/reports';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const staff = await requireStaff(args, 'reports:manage');
  const filter = reportFilterFromUrl(new URL(args.request.url));
  return { list: await staff.reports.list(filter), filter };
});

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { list, filter } = loaderData;
  const pageLink = (page: number) => filterQuery(REPORT_FILTERS, filter, page);
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
    { header: t('casework.type'), cell: (item) => t(`incidentTypes.${item.incidentType}.label`) },
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
  return (
    <main id="main" className="staff-main" tabIndex={-1}>
      <title>{`${t('casework.listTitle')} · ${t('internal.areaName')}`}</title>
      <h1>{t('casework.listTitle')}</h1>
      <p>{t('casework.listIntro')}</p>
      <p>
        <Link className="button button--secondary" to={INTERNAL_PAGES.recordReport}>
          {t('recordReport.link')}
        </Link>
      </p>
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
        <p>
          <a className="button button--secondary" href={`/api/internal/exports/reports.csv${pageLink(1)}`} download>
            {t('casework.export')}
          </a>
        </p>
        <DataTable
          label={t('casework.listTitle')}
          columns={columns}
          rows={list.items}
          rowKey={(item) => item.id}
          empty={t('casework.empty')}
        />
      </PagedList>
    </main>
  );
}
