import { ERASURE_ANSWER_WORKING_DAYS } from '@app/core/casework/reporter-control';
import type { DashboardRetention } from '@app/core/staff/staff-api';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { dateColumn, statusColumn, typeColumn } from '../../shared/staff/list/columns.ts';
import { DataTable } from '../../shared/staff/list/data-table.tsx';

/**
 * The dashboard's retention panel (decision 0040): the reporters' requests for erasure waiting for
 * an answer (decision 0046), the legal holds with their yearly review, and the warning of the
 * reports whose personal data is erased within 14 days.
 */
export function RetentionDashboard({ retention }: { retention: DashboardRetention }) {
  const { t, language } = useTranslation();
  const reportLink = (id: string, receivedAt: string, anchor = 'retention-title') => (
    <Link to={`${INTERNAL_PAGES.reports}/${id}#${anchor}`}>
      {t('dashboard.openReport', { date: formatDateTime(receivedAt, language) })}
    </Link>
  );
  return (
    <section aria-labelledby="retention-dashboard" className="staff-panel">
      <h2 id="retention-dashboard">{t('dashboard.retentionTitle')}</h2>
      <h3 id="erasure-requests">{t('dashboard.erasureRequestsTitle')}</h3>
      <p>{t('dashboard.erasureRequestsIntro', { days: ERASURE_ANSWER_WORKING_DAYS })}</p>
      <DataTable
        label={t('dashboard.erasureRequestsTitle')}
        labelledBy="erasure-requests"
        rows={retention.erasureRequests}
        rowKey={(row) => row.reportId}
        empty={t('dashboard.noErasureRequests')}
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
          {
            header: t('dashboard.received'),
            cell: (row) => reportLink(row.reportId, row.receivedAt, 'reporter-control-title'),
          },
        ]}
      />
      <h3 id="erasures-soon">{t('dashboard.erasuresTitle')}</h3>
      <p>{t('dashboard.erasuresIntro')}</p>
      <DataTable
        label={t('dashboard.erasuresTitle')}
        rows={retention.erasuresSoon}
        rowKey={(row) => row.reportId}
        empty={t('dashboard.noErasures')}
        columns={[
          dateColumn(t('dashboard.erasureOn'), 'dueAt', language),
          typeColumn(t),
          statusColumn(t),
          { header: t('dashboard.received'), cell: (row) => reportLink(row.reportId, row.receivedAt) },
        ]}
      />
      <h3 id="legal-holds">{t('dashboard.holdsTitle')}</h3>
      <DataTable
        label={t('dashboard.holdsTitle')}
        rows={retention.holds}
        rowKey={(row) => row.reportId}
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
          { header: t('dashboard.received'), cell: (row) => reportLink(row.reportId, row.receivedAt) },
        ]}
      />
    </section>
  );
}
