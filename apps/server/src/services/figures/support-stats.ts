import { protectDistribution, SUPPORT_RATINGS, type SupportStats } from '@app/core/casework/support';
import type { StatsRange } from '@app/core/figures/stats-api';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { supportFeedback, supportNeed, supportService } from '../../db/support-schema.ts';
import { siteDayOf } from './site-day.ts';

/**
 * The staff statistics of support (decision 0053) within the range (days in Brussels): needs
 * recorded and services given, by need (and services by who gave them: staff or a partner; a
 * service withdrawn as recorded by mistake is not counted); the
 * reporters' answers 1 to 5 answered within the range, over the whole range, protected by the
 * site's small-cell threshold (decision 0022) before they leave the server. Never by report or
 * by person.
 */
export async function computeSupportStats(
  db: Pick<Db, 'select'>,
  range: StatsRange,
  threshold: number,
): Promise<SupportStats> {
  const within = (day: ReturnType<typeof sql>) =>
    and(sql`${day} >= ${range.from}::date`, sql`${day} <= ${range.to}::date`);
  const [needs, services, providers, answers] = await Promise.all([
    db
      .select({ key: supportNeed.need, count: sql<number>`count(*)::int` })
      .from(supportNeed)
      .where(within(siteDayOf(supportNeed.recordedAt)))
      .groupBy(supportNeed.need),
    db
      .select({ key: supportService.need, count: sql<number>`count(*)::int` })
      .from(supportService)
      .where(and(isNull(supportService.withdrawnAt), within(sql`${supportService.givenOn}`)))
      .groupBy(supportService.need),
    db
      .select({ key: supportService.provider, count: sql<number>`count(*)::int` })
      .from(supportService)
      .where(and(isNull(supportService.withdrawnAt), within(sql`${supportService.givenOn}`)))
      .groupBy(supportService.provider),
    db
      .select({ rating: supportFeedback.rating, count: sql<number>`count(*)::int` })
      .from(supportFeedback)
      .where(and(isNotNull(supportFeedback.answeredAt), within(siteDayOf(supportFeedback.answeredAt))))
      .groupBy(supportFeedback.rating),
  ]);
  const byCount = (rows: { key: string; count: number }[]) =>
    [...rows].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const counts = SUPPORT_RATINGS.map((rating) => answers.find((row) => row.rating === rating)?.count ?? 0);
  return {
    needs: byCount(needs),
    services: byCount(services),
    servicesByProvider: byCount(providers),
    answers: protectDistribution(counts, threshold),
  };
}
