import { can, type StaffRole } from '@app/core/staff';
import type { DashboardData, DashboardMessage, DashboardReply, DashboardReport } from '@app/core/staff-api';
import type { Encryption } from '../../crypto/encryption.ts';
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
};

/**
 * The dashboard for one role. Every role sees the counts and the latest items' dates, types and
 * states; a sender's name only reaches roles that may read messages, and the reporters' unread
 * answers only roles that may read reports. A viewer's dashboard is built without ever opening a
 * sealed value.
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
  };
}
