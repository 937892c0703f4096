import { ERASURE_ANSWER_WORKING_DAYS } from '@app/core/casework/reporter-control';
import { holdReviewDueAt } from '@app/core/casework/retention';
import { addWorkingDays } from '@app/core/casework/working-days';
import type { DashboardRetention } from '@app/core/staff/staff-api';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { reporterRequest } from '../../db/reporter-control-schema.ts';
import { legalHold } from '../../db/retention-schema.ts';
import { report } from '../../db/schema.ts';
import { erasureSchedule } from '../../services/retention/erasure-schedule.ts';
import { nowOf, type OperationDeps } from '../operation-context.ts';
import { periodsOf } from '../reports/legal-hold.ts';

/**
 * The dashboard's retention panel (decision 0040): the reporters' requests for erasure still
 * waiting for an answer, the soonest due first (decision 0046); every legal hold, those due for
 * their yearly review first; and the warning of the erasures within 14 days. Dates and types only:
 * no reason, nothing of the reporter. For roles that may read reports; the caller checks.
 */
export async function retentionOverview(deps: OperationDeps): Promise<DashboardRetention> {
  const now = nowOf(deps);
  const [requests, holds, soon] = await Promise.all([
    deps.db
      .select({
        reportId: reporterRequest.reportId,
        requestedAt: reporterRequest.requestedAt,
        receivedAt: report.createdAt,
        incidentType: report.incidentType,
      })
      .from(reporterRequest)
      .innerJoin(report, eq(report.id, reporterRequest.reportId))
      .where(and(eq(reporterRequest.kind, 'erasure'), isNull(reporterRequest.answeredAt)))
      .orderBy(asc(reporterRequest.requestedAt)),
    deps.db
      .select({
        reportId: legalHold.reportId,
        setAt: legalHold.setAt,
        reviewedAt: legalHold.reviewedAt,
        receivedAt: report.createdAt,
        incidentType: report.incidentType,
      })
      .from(legalHold)
      .innerJoin(report, eq(report.id, legalHold.reportId)),
    erasureSchedule(periodsOf(deps)).soon(deps.db, now),
  ]);
  return {
    erasureRequests: requests.map((request) => {
      const dueAt = addWorkingDays(request.requestedAt, ERASURE_ANSWER_WORKING_DAYS);
      return {
        reportId: request.reportId,
        receivedAt: request.receivedAt.toISOString(),
        incidentType: request.incidentType,
        requestedAt: request.requestedAt.toISOString(),
        answerDueAt: dueAt.toISOString(),
        overdue: dueAt <= now,
      };
    }),
    holds: holds
      .map((hold) => {
        const dueAt = holdReviewDueAt(hold.setAt, hold.reviewedAt);
        return {
          reportId: hold.reportId,
          receivedAt: hold.receivedAt.toISOString(),
          incidentType: hold.incidentType,
          setAt: hold.setAt.toISOString(),
          reviewDueAt: dueAt.toISOString(),
          reviewDue: dueAt <= now,
        };
      })
      .sort((a, b) => a.reviewDueAt.localeCompare(b.reviewDueAt)),
    erasuresSoon: soon.map((row) => ({
      reportId: row.id,
      receivedAt: row.receivedAt.toISOString(),
      incidentType: row.incidentType,
      status: row.status,
      dueAt: row.dueAt.toISOString(),
    })),
  };
}
