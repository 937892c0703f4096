import { holdReviewDueAt } from '@app/core/casework/retention';
import type { DashboardRetention } from '@app/core/staff/staff-api';
import { eq } from 'drizzle-orm';
import { legalHold } from '../../db/retention-schema.ts';
import { report } from '../../db/schema.ts';
import { erasureSchedule } from '../../services/retention/erasure-schedule.ts';
import { nowOf, type OperationDeps } from '../operation-context.ts';
import { periodsOf } from '../reports/legal-hold.ts';

/**
 * The dashboard's retention panel (decision 0040): every legal hold, those due for their yearly
 * review first, and the warning of the erasures within 14 days. Dates and types only: no reason,
 * nothing of the reporter. For roles that may read reports; the caller checks.
 */
export async function retentionOverview(deps: OperationDeps): Promise<DashboardRetention> {
  const now = nowOf(deps);
  const [holds, soon] = await Promise.all([
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
