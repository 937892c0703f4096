import { todayInBelgium } from '@app/core/site/dates';
import { EARLY_WARNING_DEFAULTS } from '@app/core/staff/early-warnings';
import { can } from '@app/core/staff/staff';
import type { DashboardData } from '@app/core/staff/staff-api';
import { and, asc, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import { alert, contactMessage, report, reportAttachment, reportMessage } from '../../db/schema.ts';
import { findDueReferrals } from '../../services/casework/due-referrals.ts';
import { findDueReminders } from '../../services/casework/due-reminders.ts';
import { readResponseQueue } from '../../services/casework/response-times.ts';
import { countVerifiedLast30Days } from '../../services/figures/verified-incidents.ts';
import { type Actor, authorize, nowOf, type OperationDeps } from '../operation-context.ts';
import { presentDashboard } from '../presenters/dashboard-presenter.ts';
import { presentEarlyWarnings } from '../presenters/early-warning-presenter.ts';
import { presentDueReferrals } from '../presenters/referral-presenter.ts';
import { presentDueReminders } from '../presenters/reminder-presenter.ts';
import { answerWorkingDaysOf } from '../referrals/referrals.ts';
import { findEarlyWarnings } from '../warnings/early-warnings.ts';
import { retentionOverview } from './retention-overview.ts';

const LATEST = 5;
/** Reports and threads listed in each of the response-time queues (their counts cover them all). */
const QUEUE = 10;
/** Enough for any real day; more would mean the on-call list has stopped working. */
const URGENT_SHOWN = 50;

/** The dashboard's figures and latest items, shaped for the actor's role. Permission: dashboard:view. */
export async function viewDashboard(deps: OperationDeps, actor: Actor): Promise<DashboardData> {
  await authorize(deps, actor, 'dashboard:view');
  const { db } = deps;
  const countReports = (status: 'new' | 'in_review') =>
    db
      .select({ value: count() })
      .from(report)
      .where(and(eq(report.status, status), eq(report.isQuarantined, false)));
  const mayReadReports = can(actor.role, 'reports:manage');
  const [
    newReports,
    inReview,
    unread,
    recent,
    latestReports,
    latestMessages,
    unreadReplies,
    dueReminders,
    responseQueue,
    alerts,
    urgentReports,
    retention,
    dueReferrals,
    earlyWarnings,
  ] = await Promise.all([
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
        sealedContent: contactMessage.content,
      })
      .from(contactMessage)
      .where(eq(contactMessage.isQuarantined, false))
      .orderBy(desc(contactMessage.createdAt))
      .limit(LATEST),
    mayReadReports ? findUnreadReplies(deps) : Promise.resolve(undefined),
    // A viewer's dashboard never reads a reminder, let alone opens its note.
    mayReadReports ? findDueReminders(db, actor.id, todayInBelgium(nowOf(deps))) : Promise.resolve(undefined),
    // A viewer's dashboard never reads which reports wait: it may not open them.
    mayReadReports
      ? readResponseQueue(db, { now: nowOf(deps), promise: deps.responsePromiseWorkingDays, limit: QUEUE })
      : Promise.resolve(undefined),
    can(actor.role, 'alerts:view')
      ? db
          .select({ kind: alert.kind, subject: alert.subject, openedAt: alert.openedAt })
          .from(alert)
          .where(isNull(alert.resolvedAt))
          .orderBy(asc(alert.openedAt))
      : Promise.resolve(undefined),
    mayReadReports ? findUntakenUrgentReports(deps) : Promise.resolve(undefined),
    // A viewer's dashboard never reads which reports are held or about to be erased.
    mayReadReports ? retentionOverview(deps) : Promise.resolve(undefined),
    // Referrals without the partner's answer in time (decision 0050), for the roles that refer.
    can(actor.role, 'referrals:manage')
      ? findDueReferrals(db, actor.id, { now: nowOf(deps), workingDays: answerWorkingDaysOf(deps) })
      : Promise.resolve(undefined),
    // Early warnings (decision 0052), for the roles that acknowledge them: a viewer's dashboard never reads them.
    can(actor.role, 'warnings:acknowledge') ? findEarlyWarnings(deps) : Promise.resolve(undefined),
  ]);
  const dashboard = presentDashboard(actor.role, deps.encryption, {
    newReports: newReports[0]?.value ?? 0,
    reportsInReview: inReview[0]?.value ?? 0,
    unreadMessages: unread[0]?.value ?? 0,
    incidentsLast30Days: recent,
    latestReports,
    latestMessages,
    unreadReplies,
    responseQueue,
    promiseWorkingDays: deps.responsePromiseWorkingDays,
    alerts,
    urgentReports,
  });
  const reminders = dueReminders && presentDueReminders(actor.role, deps.encryption, dueReminders);
  const warnings =
    earlyWarnings && presentEarlyWarnings(actor.role, earlyWarnings, deps.earlyWarnings ?? EARLY_WARNING_DEFAULTS);
  return {
    ...dashboard,
    ...(reminders ? { dueReminders: reminders } : {}),
    ...(retention ? { retention } : {}),
    ...(warnings ? { earlyWarnings: warnings } : {}),
    ...(dueReferrals
      ? {
          dueReferrals: {
            count: dueReferrals.count,
            referrals: presentDueReferrals(dueReferrals.rows, answerWorkingDaysOf(deps)),
          },
        }
      : {}),
  };
}

/** Urgent reports that nobody has taken yet (partial index `report_urgent_open_idx`), oldest first. */
function findUntakenUrgentReports({ db }: OperationDeps) {
  return db
    .select({
      id: report.id,
      receivedAt: report.createdAt,
      incidentType: report.incidentType,
      threatOngoing: report.threatOngoing,
    })
    .from(report)
    .where(and(eq(report.isUrgent, true), isNull(report.urgentTakenAt)))
    .orderBy(asc(report.createdAt))
    .limit(URGENT_SHOWN);
}

/** Reports with messages from their reporter that no staff member has opened yet, newest first. */
async function findUnreadReplies({ db }: OperationDeps) {
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
      reportId: row.reportId,
      reportReceivedAt: row.reportReceivedAt.toISOString(),
      incidentType: row.incidentType,
      lastMessageAt: (row.lastMessageAt ?? row.reportReceivedAt).toISOString(),
      unread: row.unread,
    })),
  };
}
