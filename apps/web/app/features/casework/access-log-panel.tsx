import type { ReportDetail } from '@app/core/casework/casework-api';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DataTable } from '../../shared/staff/list/data-table.tsx';

/**
 * Who looked at the report (decision 0049), for admins: each member who opened its page, one of
 * its files or its reporter's identity, and when, newest first. Nothing shows for other roles: the
 * server sends the list to admins only.
 */
export function AccessLogPanel({ report }: { report: ReportDetail }) {
  const { t, language } = useTranslation();
  const log = report.accessLog;
  if (!log) return null;
  return (
    <section className="staff-panel" aria-labelledby="access-log-title" data-testid="access-log">
      <h2 id="access-log-title">{t('casework.accessLog.title')}</h2>
      <p className="muted">{t('casework.accessLog.intro')}</p>
      <DataTable
        label={t('casework.accessLog.title')}
        labelledBy="access-log-title"
        rows={log}
        rowKey={(row) => `${row.at}-${row.what}-${row.memberName ?? ''}`}
        empty={t('casework.accessLog.empty')}
        columns={[
          { header: t('casework.accessLog.when'), cell: (row) => formatDateTime(row.at, language) },
          {
            header: t('casework.accessLog.who'),
            cell: (row) => row.memberName ?? t('casework.accessLog.formerMember'),
          },
          { header: t('casework.accessLog.what'), cell: (row) => t(`casework.accessLog.looks.${row.what}`) },
        ]}
      />
    </section>
  );
}
