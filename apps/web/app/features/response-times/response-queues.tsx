import type { DashboardResponseTimes, DashboardWaitingReport } from '@app/core/staff/staff-api';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { dateColumn, typeColumn } from '../../shared/staff/list/columns.ts';
import { type Column, DataTable } from '../../shared/staff/list/data-table.tsx';

type WaitingMessages = DashboardResponseTimes['waitingMessages']['reports'][number];

/**
 * The dashboard's response-time queues (decision 0029): reports past the promise, reports due
 * within the next working day, and reporter messages waiting for a staff answer, oldest first.
 * Dates, types and working days only: nothing here names a person or quotes a report.
 */
export function ResponseQueues({ queues }: { queues: DashboardResponseTimes }) {
  const { t, language } = useTranslation();
  const workingDays = (value: number) => t('dashboard.responseTimes.workingDays', { count: value });
  const reportColumns: Column<DashboardWaitingReport>[] = [
    dateColumn(t('dashboard.received'), 'receivedAt', language),
    typeColumn(t),
    dateColumn(t('dashboard.responseTimes.due'), 'dueAt', language),
    { header: t('dashboard.responseTimes.waited'), cell: (report) => workingDays(report.workingDaysWaited) },
    {
      header: t('dashboard.responseTimes.report'),
      cell: (report) => (
        <Link to={`${INTERNAL_PAGES.reports}/${report.reportId}`}>
          {t('dashboard.responseTimes.openReport', { date: formatDateTime(report.receivedAt, language) })}
        </Link>
      ),
    },
  ];
  const messageColumns: Column<WaitingMessages>[] = [
    dateColumn(t('dashboard.responseTimes.waitingSince'), 'waitingSince', language),
    typeColumn(t),
    { header: t('dashboard.responseTimes.waited'), cell: (entry) => workingDays(entry.workingDaysWaited) },
    { header: t('dashboard.responseTimes.messageCount'), cell: (entry) => formatNumber(entry.messages, language) },
    {
      header: t('dashboard.responseTimes.report'),
      cell: (entry) => (
        <Link to={`${INTERNAL_PAGES.reports}/${entry.reportId}#thread-title`}>
          {t('dashboard.responseTimes.answer', { date: formatDateTime(entry.waitingSince, language) })}
        </Link>
      ),
    },
  ];
  const messages = queues.waitingMessages;
  return (
    <section aria-labelledby="response-times" className="staff-panel">
      <h2 id="response-times">{t('dashboard.responseTimes.title')}</h2>
      <p>{t('dashboard.responseTimes.intro', { count: queues.promiseWorkingDays })}</p>
      {(['overdue', 'dueSoon'] as const).map((name) => (
        <Queue
          key={name}
          id={name === 'overdue' ? 'response-overdue' : 'response-due-soon'}
          title={t(`dashboard.responseTimes.${name}`, { count: queues[name].count })}
          queue={queues[name]}
          columns={reportColumns}
          empty={t(name === 'overdue' ? 'dashboard.responseTimes.noneOverdue' : 'dashboard.responseTimes.noneDueSoon')}
        />
      ))}
      <Queue
        id="response-messages"
        title={t('dashboard.responseTimes.messages', { count: messages.count })}
        queue={messages}
        columns={messageColumns}
        empty={t('dashboard.responseTimes.noneWaiting')}
      />
    </section>
  );
}

/** One queue: its heading, its oldest rows (or a sentence when it is empty), and how many more wait. */
function Queue<Row extends { reportId: string }>({
  id,
  title,
  queue,
  columns,
  empty,
}: {
  id: string;
  title: string;
  queue: { count: number; reports: Row[] };
  columns: Column<Row>[];
  empty: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="response-queue">
      <h3 id={id}>{title}</h3>
      <DataTable
        label={title}
        labelledBy={id}
        columns={columns}
        rows={queue.reports}
        rowKey={(row) => row.reportId}
        empty={empty}
      />
      {queue.reports.length > 0 && queue.count > queue.reports.length && (
        <p className="muted">
          {t('dashboard.responseTimes.oldestShown', { shown: queue.reports.length, count: queue.count })}
        </p>
      )}
    </div>
  );
}
