import type { DashboardResponseTimes, DashboardWaitingReport } from '@app/core/staff-api';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { TableScroll } from '../../shared/staff/table-scroll.tsx';

/**
 * The dashboard's response-time queues (decision 0029): reports past the promise, reports due
 * within the next working day, and reporter messages waiting for a staff answer, oldest first.
 * Dates, types and working days only: nothing here names a person or quotes a report.
 */
export function ResponseQueues({ queues }: { queues: DashboardResponseTimes }) {
  const { t, language } = useTranslation();
  const workingDays = (value: number) => t('dashboard.responseTimes.workingDays', { count: value });
  const reportLink = (reportId: string, receivedAt: string, hash = '') => (
    <Link to={`${INTERNAL_PAGES.reports}/${reportId}${hash}`}>
      {t('dashboard.responseTimes.openReport', { date: formatDateTime(receivedAt, language) })}
    </Link>
  );
  const reportTable = (
    id: string,
    title: string,
    queue: { count: number; reports: DashboardWaitingReport[] },
    empty: string,
  ) => (
    <div className="response-queue">
      <h3 id={id}>{title}</h3>
      {queue.reports.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          <TableScroll label={title}>
            <table className="staff-table" aria-labelledby={id}>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.received')}</th>
                  <th scope="col">{t('dashboard.type')}</th>
                  <th scope="col">{t('dashboard.responseTimes.due')}</th>
                  <th scope="col">{t('dashboard.responseTimes.waited')}</th>
                  <th scope="col">{t('dashboard.responseTimes.report')}</th>
                </tr>
              </thead>
              <tbody>
                {queue.reports.map((report) => (
                  <tr key={report.reportId}>
                    <td>{formatDateTime(report.receivedAt, language)}</td>
                    <td>{t(`incidentTypes.${report.incidentType}.label`)}</td>
                    <td>{formatDateTime(report.dueAt, language)}</td>
                    <td>{workingDays(report.workingDaysWaited)}</td>
                    <td>{reportLink(report.reportId, report.receivedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {queue.count > queue.reports.length && (
            <p className="muted">
              {t('dashboard.responseTimes.oldestShown', { shown: queue.reports.length, count: queue.count })}
            </p>
          )}
        </>
      )}
    </div>
  );
  const messages = queues.waitingMessages;
  return (
    <section aria-labelledby="response-times" className="staff-panel">
      <h2 id="response-times">{t('dashboard.responseTimes.title')}</h2>
      <p>{t('dashboard.responseTimes.intro', { count: queues.promiseWorkingDays })}</p>
      {reportTable(
        'response-overdue',
        t('dashboard.responseTimes.overdue', { count: queues.overdue.count }),
        queues.overdue,
        t('dashboard.responseTimes.noneOverdue'),
      )}
      {reportTable(
        'response-due-soon',
        t('dashboard.responseTimes.dueSoon', { count: queues.dueSoon.count }),
        queues.dueSoon,
        t('dashboard.responseTimes.noneDueSoon'),
      )}
      <div className="response-queue">
        <h3 id="response-messages">{t('dashboard.responseTimes.messages', { count: messages.count })}</h3>
        {messages.reports.length === 0 ? (
          <p>{t('dashboard.responseTimes.noneWaiting')}</p>
        ) : (
          <>
            <TableScroll label={t('dashboard.responseTimes.messages', { count: messages.count })}>
              <table className="staff-table" aria-labelledby="response-messages">
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.responseTimes.waitingSince')}</th>
                    <th scope="col">{t('dashboard.type')}</th>
                    <th scope="col">{t('dashboard.responseTimes.waited')}</th>
                    <th scope="col">{t('dashboard.responseTimes.messageCount')}</th>
                    <th scope="col">{t('dashboard.responseTimes.report')}</th>
                  </tr>
                </thead>
                <tbody>
                  {messages.reports.map((entry) => (
                    <tr key={entry.reportId}>
                      <td>{formatDateTime(entry.waitingSince, language)}</td>
                      <td>{t(`incidentTypes.${entry.incidentType}.label`)}</td>
                      <td>{workingDays(entry.workingDaysWaited)}</td>
                      <td>{formatNumber(entry.messages, language)}</td>
                      <td>
                        <Link to={`${INTERNAL_PAGES.reports}/${entry.reportId}#thread-title`}>
                          {t('dashboard.responseTimes.answer', {
                            date: formatDateTime(entry.waitingSince, language),
                          })}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            {messages.count > messages.reports.length && (
              <p className="muted">
                {t('dashboard.responseTimes.oldestShown', { shown: messages.reports.length, count: messages.count })}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
