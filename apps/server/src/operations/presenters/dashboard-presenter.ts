import type { AlertKind, AlertSubject } from '@app/core/staff/alerts';
import { can, type StaffRole } from '@app/core/staff/staff';
import type {
  DashboardData,
  DashboardMessage,
  DashboardReply,
  DashboardReport,
  DashboardResponseTimes,
  DashboardUrgentReport,
  DashboardWaitingReport,
} from '@app/core/staff/staff-api';
import type { Encryption } from '../../crypto/encryption.ts';
import type { ResponseQueue } from '../../services/casework/response-times.ts';
import { openMessageContent } from './message-presenter.ts';

/** What the dashboard's queries found, before anyone decided what this role may see. */
export type DashboardFacts = {
  newReports: number;
  reportsInReview: number;
  unreadMessages: number;
  incidentsLast30Days: number;
  latestReports: (Omit<DashboardReport, 'receivedAt'> & { receivedAt: Date })[];
  latestMessages: { id: string; receivedAt: Date; status: string; sealedContent: string }[];
  unreadReplies?: { count: number; reports: DashboardReply[] };
  responseQueue?: ResponseQueue;
  promiseWorkingDays: number;
  alerts?: { kind: AlertKind; subject: AlertSubject; openedAt: Date }[];
  urgentReports?: { id: string; receivedAt: Date; incidentType: string; threatOngoing: boolean | null }[];
};

/** Working days with one decimal, as the page shows them. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function presentResponseTimes(queue: ResponseQueue, promiseWorkingDays: number): DashboardResponseTimes {
  const waitingReport = (row: ResponseQueue['overdue']['reports'][number]): DashboardWaitingReport => ({
    reportId: row.id,
    receivedAt: row.receivedAt.toISOString(),
    incidentType: row.incidentType,
    dueAt: row.dueAt.toISOString(),
    workingDaysWaited: oneDecimal(row.workingDaysWaited),
  });
  return {
    promiseWorkingDays,
    overdue: { count: queue.overdue.count, reports: queue.overdue.reports.map(waitingReport) },
    dueSoon: { count: queue.dueSoon.count, reports: queue.dueSoon.reports.map(waitingReport) },
    waitingMessages: {
      count: queue.waitingMessages.count,
      reports: queue.waitingMessages.reports.map((row) => ({
        reportId: row.reportId,
        incidentType: row.incidentType,
        waitingSince: row.waitingSince.toISOString(),
        workingDaysWaited: oneDecimal(row.workingDaysWaited),
        messages: row.messages,
      })),
    },
  };
}

/**
 * The dashboard for one role. Every role sees the counts and the latest items' dates, types and
 * states; a sender's name only reaches roles that may read messages, and the reporters' unread
 * answers and the response-time queues only roles that may read reports. A viewer's dashboard is
 * built without ever opening a sealed value.
 */
export function presentDashboard(role: StaffRole, encryption: Encryption, facts: DashboardFacts): DashboardData {
  const mayReadMessages = can(role, 'messages:manage');
  const mayReadReports = can(role, 'reports:manage');
  const message = (row: DashboardFacts['latestMessages'][number]): DashboardMessage => {
    const base = { id: row.id, receivedAt: row.receivedAt.toISOString(), status: row.status };
    if (!mayReadMessages) return base;
    const { firstName, lastName } = openMessageContent(encryption, row.sealedContent);
    return { ...base, senderName: [firstName, lastName].filter(Boolean).join(' ') };
  };
  return {
    newReports: facts.newReports,
    reportsInReview: facts.reportsInReview,
    unreadMessages: facts.unreadMessages,
    incidentsLast30Days: facts.incidentsLast30Days,
    latestReports: facts.latestReports.map((row) => ({
      id: row.id,
      receivedAt: row.receivedAt.toISOString(),
      incidentType: row.incidentType,
      status: row.status,
      isAnonymous: row.isAnonymous,
      attachmentCount: row.attachmentCount,
    })),
    latestMessages: facts.latestMessages.map(message),
    ...(mayReadReports && facts.unreadReplies ? { unreadReplies: facts.unreadReplies } : {}),
    ...(mayReadReports && facts.responseQueue
      ? { responseTimes: presentResponseTimes(facts.responseQueue, facts.promiseWorkingDays) }
      : {}),
    // Alerts name a job or a queue, never a report; still, only administrators act on them.
    ...(can(role, 'alerts:view') && facts.alerts
      ? { alerts: facts.alerts.map((row) => ({ ...row, openedAt: row.openedAt.toISOString() })) }
      : {}),
    ...(mayReadReports && facts.urgentReports
      ? {
          urgentReports: facts.urgentReports.map(
            (row): DashboardUrgentReport => ({
              id: row.id,
              receivedAt: row.receivedAt.toISOString(),
              incidentType: row.incidentType,
              threatOngoing: row.threatOngoing === true,
            }),
          ),
        }
      : {}),
  };
}
