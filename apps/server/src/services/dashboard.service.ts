import { can } from '@app/core/staff';
import type { DashboardData, StaffIdentity } from '@app/core/staff-api';
import type { ReportStatus } from '@app/core/statuses';
import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Encryption } from '../crypto/encryption.ts';
import type { Db } from '../db/database.ts';
import { contactMessage, report, reportAttachment, reportMessage } from '../db/schema.ts';
import { countVerifiedLast30Days } from './verified-incidents.ts';

const LATEST = 5;

/** The figures and latest items of the dashboard; what a role may not read never leaves here. */
export function createDashboardService(db: Db, encryption: Encryption) {
  const countReports = (status: ReportStatus) =>
    db
      .select({ value: count() })
      .from(report)
      .where(and(eq(report.status, status), eq(report.isQuarantined, false)));

  return {
    async forStaff(staff: StaffIdentity): Promise<DashboardData> {
      const mayReadMessages = can(staff.role, 'messages:manage');
      const [newReports, inReview, unread, recent, latestReports, latestMessages] = await Promise.all([
        countReports('new'),
        countReports('in_review'),
        db
          .select({ value: count() })
          .from(contactMessage)
          .where(and(eq(contactMessage.status, 'new'), eq(contactMessage.isQuarantined, false))),
        countVerifiedLast30Days(db),
        db
          .select({
            id: report.id,
            receivedAt: report.createdAt,
            incidentType: report.incidentType,
            status: report.status,
            isAnonymous: report.isAnonymous,
            attachmentCount: sql<number>`(select count(*)::int from ${reportAttachment} where ${reportAttachment.reportId} = ${report.id})`,
          })
          .from(report)
          .where(eq(report.isQuarantined, false))
          .orderBy(desc(report.createdAt))
          .limit(LATEST),
        db
          .select({
            id: contactMessage.id,
            receivedAt: contactMessage.createdAt,
            status: contactMessage.status,
            content: contactMessage.content,
          })
          .from(contactMessage)
          .where(eq(contactMessage.isQuarantined, false))
          .orderBy(desc(contactMessage.createdAt))
          .limit(LATEST),
      ]);
      const unreadReplies = can(staff.role, 'reports:manage') ? await this.unreadReplies() : undefined;
      return {
        ...(unreadReplies ? { unreadReplies } : {}),
        newReports: newReports[0]?.value ?? 0,
        reportsInReview: inReview[0]?.value ?? 0,
        unreadMessages: unread[0]?.value ?? 0,
        incidentsLast30Days: recent,
        latestReports: latestReports.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
        latestMessages: latestMessages.map(({ content, ...row }) => ({
          ...row,
          receivedAt: row.receivedAt.toISOString(),
          ...(mayReadMessages ? { senderName: senderName(encryption, content) } : {}),
        })),
      };
    },

    async unreadReplies() {
      const unread = and(eq(reportMessage.author, 'reporter'), isNull(reportMessage.readAt));
      const [rows, total] = await Promise.all([
        db
          .select({
            reportId: report.id,
            reportReceivedAt: report.createdAt,
            incidentType: report.incidentType,
            lastMessageAt: max(reportMessage.createdAt),
            unread: count(),
          })
          .from(reportMessage)
          .innerJoin(report, eq(report.id, reportMessage.reportId))
          .where(unread)
          .groupBy(report.id)
          .orderBy(desc(max(reportMessage.createdAt)))
          .limit(LATEST),
        db
          .select({ value: sql<number>`count(distinct ${reportMessage.reportId})::int` })
          .from(reportMessage)
          .where(unread),
      ]);
      return {
        count: total[0]?.value ?? 0,
        reports: rows.map((row) => ({
          ...row,
          reportReceivedAt: row.reportReceivedAt.toISOString(),
          lastMessageAt: (row.lastMessageAt ?? row.reportReceivedAt).toISOString(),
        })),
      };
    },
  };
}

function senderName(encryption: Encryption, sealed: string): string {
  const content = JSON.parse(encryption.openText(sealed)) as { firstName?: string; lastName?: string };
  return [content.firstName, content.lastName].filter(Boolean).join(' ');
}
