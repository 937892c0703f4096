import type { Count, StatsRange, StatsResult } from '@app/core/figures/stats-api';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { report } from '../../db/schema.ts';
import { computeResponseTimes } from '../casework/response-times.ts';
import { isVerifiedIncident } from './verified-incidents.ts';

/** The months from `months - 1` months before `lastDay`'s month up to that month, as YYYY-MM. */
export function monthsEnding(lastDay: string, months: number): string[] {
  const [year, month] = lastDay.split('-').map(Number) as [number, number];
  return Array.from({ length: months }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (months - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * The figures of the statistics page, all over verified incidents, by incident date; and the
 * response times over every report, by the month it arrived (decision 0029). Staff reach them
 * through `operations/stats`; `db` may be a transaction.
 */
export async function computeStats(
  db: Pick<Db, 'select' | 'execute'>,
  range: StatsRange,
  months: 12 | 24,
  { now = new Date(), promise }: { now?: Date; promise: number },
): Promise<StatsResult> {
  const grouped = async (column: SQL | AnyPgColumn, where: SQL | undefined, limit?: number) => {
    const key = sql<string>`coalesce(${column}, '')`;
    const query = db.select({ key, count: count() }).from(report).where(where).groupBy(key).orderBy(desc(count()), key);
    const rows = await (limit ? query.limit(limit) : query);
    return rows.map((row) => ({ key: row.key, count: row.count }));
  };

  const inRange = and(isVerifiedIncident, gte(report.incidentDate, range.from), lte(report.incidentDate, range.to));
  const monthKeys = monthsEnding(range.to, months);
  const monthStart = `${monthKeys[0]}-01`;
  const month = sql`to_char(${report.incidentDate}, 'YYYY-MM')`;
  const [totals, byType, monthRows, byProvince, byMunicipality, responseTimes, byPlatform] = await Promise.all([
    db
      .select({
        total: count(),
        anonymous: sql<number>`count(*) filter (where ${report.isAnonymous})::int`,
        calledPolice: sql<number>`count(*) filter (where ${report.calledPolice})::int`,
        medicalTreatment: sql<number>`count(*) filter (where ${report.medicalTreatment})::int`,
      })
      .from(report)
      .where(inRange),
    grouped(report.incidentType, inRange),
    grouped(month, and(isVerifiedIncident, gte(report.incidentDate, monthStart), lte(report.incidentDate, range.to))),
    grouped(report.province, inRange),
    grouped(report.municipality, inRange, 20),
    computeResponseTimes(db, { months: monthKeys, now, promise }),
    // Online incidents by platform (decision 0024); '' when the reporter did not say.
    grouped(report.onlinePlatform, and(inRange, eq(report.incidentType, 'online'))),
  ]);
  const perMonth = new Map(monthRows.map((row) => [row.key, row.count]));
  const total = totals[0]?.total ?? 0;
  const share = (value: number | undefined) => ({ count: value ?? 0, total });
  const result: StatsResult = {
    range,
    total,
    byType,
    byMonth: monthKeys.map((key): Count => ({ key, count: perMonth.get(key) ?? 0 })),
    byProvince,
    byMunicipality,
    byPlatform,
    shares: {
      anonymous: share(totals[0]?.anonymous),
      calledPolice: share(totals[0]?.calledPolice),
      medicalTreatment: share(totals[0]?.medicalTreatment),
    },
    responseTimes,
  };
  return result;
}
