import type { ReferralStats } from '@app/core/casework/referrals';
import { belgianDayOf, startOfBelgianDay, workingDaysBetween } from '@app/core/casework/working-days';
import type { StatsRange } from '@app/core/figures/stats-api';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { partner, referral } from '../../db/referrals-schema.ts';
import { siteDayOf } from './site-day.ts';

/**
 * The staff statistics of referrals (decision 0050) sent within the range (days in Brussels): by
 * partner, status and outcome, and the median working days from the day it was sent to the day
 * of the partner's first answer as staff entered it (nearest rank, as the response times, decision 0029). Counts only: no report, no person.
 */
export async function computeReferralStats(db: Pick<Db, 'select'>, range: StatsRange): Promise<ReferralStats> {
  const sentDay = siteDayOf(referral.sentAt);
  const rows = await db
    .select({
      partnerId: partner.id,
      partnerName: partner.name,
      status: referral.status,
      outcome: referral.outcome,
      sentAt: referral.sentAt,
      firstAnswerOn: referral.firstAnswerOn,
    })
    .from(referral)
    .innerJoin(partner, eq(partner.id, referral.partnerId))
    .where(and(sql`${sentDay} >= ${range.from}::date`, sql`${sentDay} <= ${range.to}::date`))
    .orderBy(asc(referral.sentAt));
  const tally = <K extends string>(keys: K[]) => {
    const counts = new Map<K, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };
  const names = new Map(rows.map((row) => [row.partnerId, row.partnerName]));
  const waits = rows
    // From the day it was sent to the day the partner answered, as staff entered it: whole working days.
    .flatMap((row) =>
      row.firstAnswerOn
        ? [workingDaysBetween(startOfBelgianDay(belgianDayOf(row.sentAt)), startOfBelgianDay(row.firstAnswerOn))]
        : [],
    )
    .sort((a, b) => a - b);
  return {
    total: rows.length,
    byPartner: tally(rows.map((row) => row.partnerId))
      .map(([key, count]) => ({ key, count, name: names.get(key) ?? '' }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    byStatus: tally(rows.map((row) => row.status)).map(([key, count]) => ({ key, count })),
    byOutcome: tally(rows.map((row) => row.outcome ?? '')).map(([key, count]) => ({ key, count })),
    answered: waits.length,
    // Nearest rank: at least half were answered within it.
    medianWorkingDaysToAnswer: waits.length ? (waits[Math.ceil(waits.length / 2) - 1] ?? null) : null,
  };
}
