import { ERASURE_ANSWER_WORKING_DAYS } from '@app/core/casework/reporter-control';
import type { DashboardRetention } from '@app/core/staff/staff-api';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { dateColumn, statusColumn, typeColumn } from '../../shared/staff/list/columns.ts';
import { type Column, DataTable } from '../../shared/staff/list/data-table.tsx';

/**
 * The dashboard's retention panel (decision 0040): the reporters' requests for erasure waiting for
 * an answer (decision 0046), the legal holds with their yearly review, and the warning of the
 * reports whose personal data is erased within 14 days.
 */
export function RetentionDashboard({ retention }: { retention: DashboardRetention }) {
  const { t, language } = useTranslation();
  return (
    <section aria-labelledby="retention-dashboard" className="staff-panel">
      <h2 id="retention-dashboard">{t('dashboard.retentionTitle')}</h2>
      <RetentionTable
        id="erasure-requests"
        title={t('dashboard.erasureRequestsTitle')}
        intro={t('dashboard.erasureRequestsIntro', { days: ERASURE_ANSWER_WORKING_DAYS })}
        labelled
        rows={retention.erasureRequests}
        empty={t('dashboard.noErasureRequests')}
        anchor="reporter-control-title"
        columns={[
          {
            header: t('dashboard.answerBy'),
            cell: (row) =>
              row.overdue ? (
                <strong>{t('dashboard.answerOverdue', { date: formatDateTime(row.answerDueAt, language) })}</strong>
              ) : (
                formatDateTime(row.answerDueAt, language)
              ),
          },
          dateColumn(t('dashboard.requestedOn'), 'requestedAt', language),
          typeColumn(t),
        ]}
      />
      <RetentionTable
        id="erasures-soon"
        title={t('dashboard.erasuresTitle')}
        intro={t('dashboard.erasuresIntro')}
        rows={retention.erasuresSoon}
        empty={t('dashboard.noErasures')}
        columns={[dateColumn(t('dashboard.erasureOn'), 'dueAt', language), typeColumn(t), statusColumn(t)]}
      />
      <RetentionTable
        id="legal-holds"
        title={t('dashboard.holdsTitle')}
        rows={retention.holds}
        empty={t('dashboard.noHolds')}
        columns={[
          dateColumn(t('dashboard.holdSet'), 'setAt', language),
          {
            header: t('dashboard.holdReview'),
            cell: (row) =>
              row.reviewDue ? (
                <strong>{t('dashboard.reviewDueNow')}</strong>
              ) : (
                t('dashboard.reviewDueOn', { date: formatDateTime(row.reviewDueAt, language) })
              ),
          },
          typeColumn(t),
        ]}
      />
    </section>
  );
}

/** One of the panel's tables under its heading: a row a report, the last column the link to its panel. */
function RetentionTable<Row extends { reportId: string; receivedAt: string }>({
  id,
  title,
  intro,
  labelled = false,
  rows,
  empty,
  columns,
  anchor = 'retention-title',
}: {
  id: string;
  title: string;
  intro?: string;
  /** The table named by its heading, besides its scrolling region's label. */
  labelled?: boolean;
  rows: readonly Row[];
  empty: string;
  columns: Column<NoInfer<Row>>[];
  anchor?: string;
}) {
  const { t, language } = useTranslation();
  return (
    <>
      <h3 id={id}>{title}</h3>
      {intro && <p>{intro}</p>}
      <DataTable
        label={title}
        labelledBy={labelled ? id : undefined}
        rows={rows}
        rowKey={(row) => row.reportId}
        empty={empty}
        columns={[
          ...columns,
          {
            header: t('dashboard.received'),
            cell: (row) => (
              <Link to={`${INTERNAL_PAGES.reports}/${row.reportId}#${anchor}`}>
                {t('dashboard.openReport', { date: formatDateTime(row.receivedAt, language) })}
              </Link>
            ),
          },
        ]}
      />
    </>
  );
}
