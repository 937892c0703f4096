import { AppError } from '@app/core/errors/app-error';
import type { DashboardMessage, DashboardReport } from '@app/core/staff/staff-api';
import { isolate } from '@app/locales/bidi';
import { Link } from 'react-router';
import { DueReferrals } from '../../features/casework/due-referrals.tsx';
import { RetentionDashboard } from '../../features/casework/retention-dashboard.tsx';
import { DueReminders } from '../../features/reminders/due-reminders.tsx';
import { ResponseQueues } from '../../features/response-times/response-queues.tsx';
import { AlertsPanel } from '../../features/staff/alerts-panel.tsx';
import { EarlyWarningsPanel } from '../../features/staff/early-warnings-panel.tsx';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { formatNumber } from '../../i18n/format.ts';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures, formFailure } from '../../shared/failures.server.ts';
import { dateColumn, statusColumn, typeColumn } from '../../shared/staff/list/columns.ts';
import { type Column, DataTable } from '../../shared/staff/list/data-table.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import type { Route } from './+types/dashboard';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const staff = await requireStaff(args, 'dashboard:view');
  const dashboard = await staff.dashboard();
  return { dashboard, member: staff.actor, mayManage: staff.actor.role !== 'viewer' };
});

/** The dashboard's one form: acknowledging an early warning (decision 0052) at the count it showed. */
export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const { warnings } = await requireStaff(args, 'warnings:acknowledge');
  const form = await args.request.formData();
  if (field(form, 'intent') !== 'acknowledge-warning') throw new AppError('BAD_REQUEST');
  const id = field(form, 'warning');
  try {
    await warnings.acknowledge(id, { count: field(form, 'count') });
    return { failed: undefined };
  } catch (error) {
    return formFailure(error, 'warnings', (code) => ({ failed: { id, error: code } }));
  }
});

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { dashboard, member, mayManage } = loaderData;
  // Each figure is one plural message: its number in <value>, what it counts in <label>.
  const figures: { id: string; message: string; to: string | undefined }[] = [
    {
      id: 'new-reports',
      message: t('dashboard.newReports', { count: dashboard.newReports }),
      to: mayManage ? INTERNAL_PAGES.reports : undefined,
    },
    {
      id: 'reports-in-review',
      message: t('dashboard.reportsInReview', { count: dashboard.reportsInReview }),
      to: mayManage ? INTERNAL_PAGES.reports : undefined,
    },
    {
      id: 'unread-messages',
      message: t('dashboard.unreadMessages', { count: dashboard.unreadMessages }),
      to: mayManage ? INTERNAL_PAGES.contactForms : undefined,
    },
    {
      id: 'incidents',
      message: t('dashboard.incidentsLast30Days', { count: dashboard.incidentsLast30Days }),
      to: INTERNAL_PAGES.stats,
    },
  ];
  const replies = dashboard.unreadReplies;
  if (replies) {
    figures.splice(2, 0, {
      id: 'new-replies',
      message: t('dashboard.newReplies', { count: replies.count }),
      to: '#new-replies',
    });
  }
  const reportColumns: Column<DashboardReport>[] = [
    {
      header: t('dashboard.received'),
      isRowHeader: true,
      // Those who may open a report open it from here; a viewer reads the row only.
      cell: (report) =>
        mayManage ? (
          <Link to={`${INTERNAL_PAGES.reports}/${report.id}`}>{formatDateTime(report.receivedAt, language)}</Link>
        ) : (
          formatDateTime(report.receivedAt, language)
        ),
    },
    typeColumn(t),
    statusColumn(t),
    {
      header: t('dashboard.reporter'),
      cell: (report) => (report.isAnonymous ? t('dashboard.anonymous') : t('dashboard.named')),
    },
    { header: t('dashboard.attachments'), cell: (report) => formatNumber(report.attachmentCount, language) },
  ];
  const messageColumns: Column<DashboardMessage>[] = [
    dateColumn(t('dashboard.received'), 'receivedAt', language),
    { header: t('dashboard.status'), cell: (message) => t(`messageStatus.${message.status}`) },
    {
      header: t('dashboard.sender'),
      cell: (message) => message.senderName ?? <span className="muted">{t('dashboard.hiddenForRole')}</span>,
    },
  ];
  return (
    <StaffPage title={t('dashboard.title')} intro={t('dashboard.welcome', { name: isolate(member.name) })}>
      {dashboard.urgentReports && dashboard.urgentReports.length > 0 && (
        // First on the page until someone takes them: assigns one, or changes its status.
        <section aria-labelledby="urgent-reports" className="staff-panel urgent-panel">
          <h2 id="urgent-reports">{t('dashboard.urgentTitle', { count: dashboard.urgentReports.length })}</h2>
          <p>{t('dashboard.urgentIntro')}</p>
          <ul className="urgent-list">
            {dashboard.urgentReports.map((report) => (
              <li key={report.id} className="urgent-list__item">
                <Link to={`${INTERNAL_PAGES.reports}/${report.id}`}>
                  {t('dashboard.urgentReport', {
                    type: t(`incidentTypes.${report.incidentType}.label`),
                    date: formatDateTime(report.receivedAt, language),
                  })}
                </Link>
                <span className="urgent-list__reason">
                  {report.threatOngoing ? t('dashboard.urgentBecauseThreat') : t('dashboard.urgentBecauseType')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {dashboard.alerts && <AlertsPanel alerts={dashboard.alerts} />}
      {dashboard.earlyWarnings && <EarlyWarningsPanel warnings={dashboard.earlyWarnings} failed={actionData?.failed} />}
      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="visually-hidden">
          {t('dashboard.figures')}
        </h2>
        <ul className="figures">
          {figures.map((figure) => (
            <li key={figure.id} className="figure" data-figure={figure.id}>
              <RichText
                template={figure.message}
                components={{
                  value: (text) => <span className="figure__value">{text}</span>,
                  label: (text) => (
                    <span className="figure__label">{figure.to ? <Link to={figure.to}>{text}</Link> : text}</span>
                  ),
                }}
              />
            </li>
          ))}
        </ul>
      </section>
      {dashboard.dueReminders && <DueReminders dueReminders={dashboard.dueReminders} />}
      {dashboard.dueReferrals && <DueReferrals dueReferrals={dashboard.dueReferrals} />}
      {dashboard.responseTimes && <ResponseQueues queues={dashboard.responseTimes} />}
      {dashboard.retention && <RetentionDashboard retention={dashboard.retention} />}
      {replies && (
        <section aria-labelledby="new-replies" className="staff-panel">
          <h2 id="new-replies" tabIndex={-1}>
            {t('dashboard.repliesTitle')}
          </h2>
          <DataTable
            label={t('dashboard.repliesTitle')}
            rows={replies.reports}
            rowKey={(reply) => reply.reportId}
            empty={t('dashboard.noReplies')}
            stacked
            columns={[
              dateColumn(t('dashboard.replyReceived'), 'lastMessageAt', language),
              typeColumn(t),
              {
                header: t('dashboard.received'),
                cell: (reply) => (
                  <Link to={`${INTERNAL_PAGES.reports}/${reply.reportId}#thread-title`}>
                    {t('dashboard.openThread', { date: formatDateTime(reply.reportReceivedAt, language) })}
                  </Link>
                ),
              },
            ]}
          />
        </section>
      )}
      <div className="staff-columns">
        <LatestList of="reports" rows={dashboard.latestReports} columns={reportColumns} showAll={mayManage} />
        <LatestList of="messages" rows={dashboard.latestMessages} columns={messageColumns} showAll={mayManage} />
      </div>
    </StaffPage>
  );
}

/** The dashboard's two lists of the latest: their headings, empty sentences and whole lists. */
const LATEST = {
  reports: {
    title: 'dashboard.latestReports',
    empty: 'dashboard.noReports',
    all: 'dashboard.allReports',
    to: INTERNAL_PAGES.reports,
  },
  messages: {
    title: 'dashboard.latestMessages',
    empty: 'dashboard.noMessages',
    all: 'dashboard.allMessages',
    to: INTERNAL_PAGES.contactForms,
  },
};

/** The latest reports or messages: a table under its heading, and the link to the whole list. */
function LatestList<Row extends { id: string }>({
  of,
  rows,
  columns,
  showAll,
}: {
  of: keyof typeof LATEST;
  rows: readonly Row[];
  columns: Column<NoInfer<Row>>[];
  showAll: boolean;
}) {
  const { t } = useTranslation();
  const latest = LATEST[of];
  const id = `latest-${of}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t(latest.title)}</h2>
      <DataTable
        label={t(latest.title)}
        rows={rows}
        rowKey={(row) => row.id}
        empty={t(latest.empty)}
        stacked
        columns={columns}
      />
      {showAll && <Link to={latest.to}>{t(latest.all)}</Link>}
    </section>
  );
}
