import type { Count, StatsRange, StatsResult } from '@app/core/figures/stats-api';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { incident, incidentTag, incidentTagLink, report } from '../../db/schema.ts';
import { computeResponseTimes } from '../casework/response-times.ts';
import { countsAsIncident, isVerifiedReport } from './verified-incidents.ts';

/** The months from `months - 1` months before `lastDay`'s month up to that month, as YYYY-MM. */
export function monthsEnding(lastDay: string, months: number): string[] {
  const [year, month] = lastDay.split('-').map(Number) as [number, number];
  return Array.from({ length: months }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (months - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * The figures of the statistics page, all over the incidents that count (each once, however many
 * reports it has: decision 0037), by the incident's date, type and place; and the response times
 * over every report, by the month it arrived (decision 0029): each reporter is owed an answer.
 * What the reporters said (anonymous, police called, medical treatment, the platform) is read from
 * the reports that make the incident count: police called by any of them counts the incident as
 * such; an incident is anonymous when each of them is. Staff reach them through `operations/stats`;
 * `db` may be a transaction.
 */
export async function computeStats(
  db: Pick<Db, 'select' | 'execute'>,
  range: StatsRange,
  months: 12 | 24,
  { now = new Date(), promise }: { now?: Date; promise: number },
): Promise<StatsResult> {
  const grouped = async (column: SQL | AnyPgColumn, where: SQL | undefined, limit?: number) => {
    const key = sql<string>`coalesce(${column}, '')`;
    const query = db
      .select({ key, count: count() })
      .from(incident)
      .where(where)
      .groupBy(key)
      .orderBy(desc(count()), key);
    const rows = await (limit ? query.limit(limit) : query);
    return rows.map((row) => ({ key: row.key, count: row.count }));
  };

  const inRange = and(countsAsIncident, gte(incident.incidentDate, range.from), lte(incident.incidentDate, range.to));
  const monthKeys = monthsEnding(range.to, months);
  const monthStart = `${monthKeys[0]}-01`;
  const month = sql`to_char(${incident.incidentDate}, 'YYYY-MM')`;
  // Each incident in range once, with what its counting reports say.
  const said = db
    .select({
      id: incident.id,
      anonymous: sql<boolean>`bool_and(${report.isAnonymous})`.as('anonymous'),
      calledPolice: sql<boolean>`bool_or(${report.calledPolice})`.as('called_police'),
      medicalTreatment: sql<boolean>`bool_or(${report.medicalTreatment})`.as('medical_treatment'),
    })
    .from(incident)
    .innerJoin(report, and(eq(report.incidentId, incident.id), isVerifiedReport))
    .where(inRange)
    .groupBy(incident.id)
    .as('said');
  // The platform of an online incident: the one its earliest counting report names ('' if none does).
  // Written out with an alias: drizzle may leave a one-table query's columns unqualified, and the
  // report's own "id" would then shadow the incident's.
  const platform = sql<string>`(select r.online_platform from report r
    where r.incident_id = "incident"."id" and report_counts(r.status, r.rejection_reason, r.is_quarantined)
      and r.online_platform is not null
    order by r.created_at, r.id limit 1)`;
  // The classification (decision 0044): each manifestation of an incident once; none: ''.
  const manifestation = sql<string>`unnest(case when cardinality(${incident.manifestations}) = 0
    then array[null]::text[] else ${incident.manifestations} end)`;
  const [
    totals,
    byType,
    monthRows,
    byProvince,
    byMunicipality,
    responseTimes,
    byPlatform,
    byCategory,
    byManifestation,
    byTarget,
    byKnownThrough,
    byPlaceType,
    tagRows,
    bySource,
  ] = await Promise.all([
    db
      .select({
        total: count(),
        anonymous: sql<number>`count(*) filter (where ${said.anonymous})::int`,
        calledPolice: sql<number>`count(*) filter (where ${said.calledPolice})::int`,
        medicalTreatment: sql<number>`count(*) filter (where ${said.medicalTreatment})::int`,
      })
      .from(said),
    grouped(incident.incidentType, inRange),
    grouped(month, and(countsAsIncident, gte(incident.incidentDate, monthStart), lte(incident.incidentDate, range.to))),
    grouped(incident.province, inRange),
    grouped(incident.municipality, inRange, 20),
    computeResponseTimes(db, { months: monthKeys, now, promise }),
    // Online incidents by platform (decision 0024); '' when no reporter said.
    grouped(platform, and(inRange, eq(incident.incidentType, 'online'))),
    grouped(incident.category, inRange),
    db
      .select({ key: sql<string>`coalesce(m, '')`, count: count() })
      .from(sql`${incident}, lateral (select ${manifestation} as m) as manifestation`)
      .where(inRange)
      .groupBy(sql`m`)
      .orderBy(desc(count()), sql`m`),
    grouped(incident.target, inRange),
    grouped(incident.knownThrough, inRange),
    grouped(incident.placeType, inRange),
    db
      .select({ key: incidentTag.id, names: incidentTag.names, count: count() })
      .from(incidentTag)
      .innerJoin(incidentTagLink, eq(incidentTagLink.tagId, incidentTag.id))
      .innerJoin(incident, eq(incident.id, incidentTagLink.incidentId))
      .where(inRange)
      .groupBy(incidentTag.id)
      .orderBy(desc(count()), incidentTag.createdAt),
    // How the incidents reached us (decision 0051): once under each source of its counting reports.
    db
      .select({ key: sql<string>`s.source`, count: count() })
      .from(
        sql`(select distinct r.incident_id, r.source from ${report} r
          where report_counts(r.status, r.rejection_reason, r.is_quarantined)) as s`,
      )
      .innerJoin(incident, sql`${incident.id} = s.incident_id`)
      .where(inRange)
      .groupBy(sql`s.source`)
      .orderBy(desc(count()), sql`s.source`),
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
    byClassification: {
      category: byCategory,
      manifestation: byManifestation.map((row) => ({ key: row.key, count: row.count })),
      target: byTarget,
      knownThrough: byKnownThrough,
      placeType: byPlaceType,
    },
    byTag: tagRows.map((row) => ({ key: row.key, names: row.names, count: row.count })),
    bySource: bySource.map((row) => ({ key: row.key, count: row.count })),
    responseTimes,
  };
  return result;
}
