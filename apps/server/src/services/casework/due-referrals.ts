import { workingDaysBefore } from '@app/core/casework/working-days';
import { and, asc, count, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { partner, referral } from '../../db/referrals-schema.ts';
import { report } from '../../db/schema.ts';
import { staffUser } from '../../db/staff-schema.ts';

/** How many due referrals the dashboard lists; the count says how many there are in all. */
export const DUE_REFERRALS_SHOWN = 10;

const assignee = alias(staffUser, 'referral_assignee');

/**
 * The referrals that are one member's to chase (decision 0050): still "sent" (no answer from the
 * partner) `workingDays` working days after they were sent, on a report assigned to that member or
 * to nobody (nobody, or an account since disabled), as for reminders. One comparison of dates on
 * the partial index `referral_unanswered_idx`.
 */
function dueFor(staffId: string, now: Date, workingDays: number): SQL | undefined {
  return and(
    eq(referral.status, 'sent'),
    lte(referral.sentAt, workingDaysBefore(now, workingDays)),
    or(isNull(report.assignedTo), eq(report.assignedTo, staffId), eq(assignee.banned, true)),
  );
}

export async function findDueReferrals(
  db: Db,
  staffId: string,
  { now, workingDays, limit = DUE_REFERRALS_SHOWN }: { now: Date; workingDays: number; limit?: number },
) {
  const where = dueFor(staffId, now, workingDays);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: referral.id,
        reportId: report.id,
        reportReceivedAt: report.createdAt,
        incidentType: report.incidentType,
        partnerName: partner.name,
        sentAt: referral.sentAt,
      })
      .from(referral)
      .innerJoin(report, eq(report.id, referral.reportId))
      .innerJoin(partner, eq(partner.id, referral.partnerId))
      .leftJoin(assignee, eq(assignee.id, report.assignedTo))
      .where(where)
      .orderBy(asc(referral.sentAt), asc(referral.id))
      .limit(limit),
    db
      .select({ value: count() })
      .from(referral)
      .innerJoin(report, eq(report.id, referral.reportId))
      .leftJoin(assignee, eq(assignee.id, report.assignedTo))
      .where(where),
  ]);
  return { count: total[0]?.value ?? 0, rows };
}
