import type { DashboardRetention } from '@app/core/staff/staff-api';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { DataTable } from '../../shared/staff/list/data-table.tsx';

/**
 * The dashboard's retention panel (decision 0040): the legal holds with their yearly review, and
 * the warning of the reports whose personal data is erased within 14 days.
 */
export function RetentionDashboard({ retention }: { retention: DashboardRetention }) {
  const { t, language } = useTranslation();
  const reportLink = (id: string, receivedAt: string) => (
    <Link to={`${INTERNAL_PAGES.reports}/${id}#retention-title`}>
      {t('dashboard.openReport', { date: formatDateTime(receivedAt, language) })}
    </Link>
  );
  return (
    <section aria-labelledby="retention-dashboard" className="staff-panel">
      <h2 id="retention-dashboard">{t('dashboard.retentionTitle')}</h2>
      <h3 id="erasures-soon">{t('dashboard.erasuresTitle')}</h3>
      <p>{t('dashboard.erasuresIntro')}</p>
      <DataTable
        label={t('dashboard.erasuresTitle')}
        rows={retention.erasuresSoon}
        rowKey={(row) => row.reportId}
        empty={t('dashboard.noErasures')}
        columns={[
          { header: t('dashboard.erasureOn'), cell: (row) => formatDateTime(row.dueAt, language) },
          { header: t('dashboard.type'), cell: (row) => t(`incidentTypes.${row.incidentType}.label`) },
          { header: t('dashboard.status'), cell: (row) => t(`reportStatus.${row.status}`) },
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
          { header: t('dashboard.holdSet'), cell: (row) => formatDateTime(row.setAt, language) },
          {
            header: t('dashboard.holdReview'),
            cell: (row) =>
              row.reviewDue ? (
                <strong>{t('dashboard.reviewDueNow')}</strong>
              ) : (
                t('dashboard.reviewDueOn', { date: formatDateTime(row.reviewDueAt, language) })
              ),
          },
          { header: t('dashboard.type'), cell: (row) => t(`incidentTypes.${row.incidentType}.label`) },
          { header: t('dashboard.received'), cell: (row) => reportLink(row.reportId, row.receivedAt) },
        ]}
      />
    </section>
  );
}
