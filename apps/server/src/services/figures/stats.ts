import { REPORT_SOURCES, type ReportSource } from '@app/core/casework/report-sources';
import type { Count, StatsRange, StatsResult } from '@app/core/figures/stats-api';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { incident, incidentTag, incidentTagLink } from '../../db/schema.ts';
import { computeResponseTimes } from '../casework/response-times.ts';
import { countsAsIncident } from './verified-incidents.ts';

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
 * What the reporters said (anonymous, police called, medical treatment, the platform, the channels)
 * is kept on the incident from the reports that make it count (decision 0058): police called by
 * any of them counts the incident as such; an incident is anonymous when each of them is. Staff
 * reach them through `operations/stats`;
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
  // The incident's own columns, each grouped, in one pass over the period's incidents: a row per
  // column and value, in each column's order (the most frequent first).
  const dimensions = {
    type: incident.incidentType,
    province: incident.province,
    municipality: incident.municipality,
    category: incident.category,
    target: incident.target,
    knownThrough: incident.knownThrough,
    placeType: incident.placeType,
  };
  // One grouping set per column (a hash table each, over one scan); `grouping()` tells which
  // column a row groups, its value is that column's ('' for none recorded).
  const entries = Object.entries(dimensions);
  const whichDimension = sql<keyof typeof dimensions>`case ${sql.join(
    entries.map(([name, column]) => sql`when grouping(${column}) = 0 then ${name}::text`),
    sql` `,
  )} end`;
  const dimensionKey = sql<string>`coalesce(case ${sql.join(
    entries.map(([, column]) => sql`when grouping(${column}) = 0 then ${column}::text`),
    sql` `,
  )} end, '')`;
  const groupingSets = sql`grouping sets (${sql.join(
    entries.map(([, column]) => sql`(${column})`),
    sql`, `,
  )})`;
  const monthKeys = monthsEnding(range.to, months);
  const monthStart = `${monthKeys[0]}-01`;
  const month = sql`to_char(${incident.incidentDate}, 'YYYY-MM')`;
  // What the reporters said and how the incidents reached us, kept on each incident from the reports
  // that make it count (decision 0058): one pass over the period's incidents, no report read.
  const cameThrough = (source: ReportSource) =>
    sql<number>`count(*) filter (where ${source} = any(${incident.reportersSources}))::int`;
  // The classification (decision 0044): each manifestation of an incident once; none: ''.
  const manifestation = sql<string>`unnest(case when cardinality(${incident.manifestations}) = 0
    then array[null]::text[] else ${incident.manifestations} end)`;
  const [totals, dimensionRows, monthRows, responseTimes, byPlatform, byManifestation, tagRows] = await Promise.all([
    db
      .select({
        total: count(),
        anonymous: sql<number>`count(*) filter (where ${incident.reportersAnonymous})::int`,
        calledPolice: sql<number>`count(*) filter (where ${incident.reportersCalledPolice})::int`,
        medicalTreatment: sql<number>`count(*) filter (where ${incident.reportersMedicalTreatment})::int`,
        ...(Object.fromEntries(REPORT_SOURCES.map((source) => [source, cameThrough(source)])) as Record<
          ReportSource,
          SQL<number>
        >),
      })
      .from(incident)
      .where(inRange),
    db
      .select({ dimension: whichDimension, key: dimensionKey, count: count() })
      .from(incident)
      .where(inRange)
      .groupBy(groupingSets)
      .orderBy(whichDimension, desc(count()), dimensionKey),
    grouped(month, and(countsAsIncident, gte(incident.incidentDate, monthStart), lte(incident.incidentDate, range.to))),
    computeResponseTimes(db, { months: monthKeys, now, promise }),
    // Online incidents by platform (decision 0024): the one the earliest counting report names; ''
    // when no reporter said.
    grouped(incident.reportersPlatform, and(inRange, eq(incident.incidentType, 'online'))),
    db
      .select({ key: sql<string>`coalesce(m, '')`, count: count() })
      .from(sql`${incident}, lateral (select ${manifestation} as m) as manifestation`)
      .where(inRange)
      .groupBy(sql`m`)
      .orderBy(desc(count()), sql`m`),
    db
      .select({ key: incidentTag.id, names: incidentTag.names, count: count() })
      .from(incidentTag)
      .innerJoin(incidentTagLink, eq(incidentTagLink.tagId, incidentTag.id))
      .innerJoin(incident, eq(incident.id, incidentTagLink.incidentId))
      .where(inRange)
      .groupBy(incidentTag.id)
      .orderBy(desc(count()), incidentTag.createdAt),
  ]);
  const byDimension = (name: keyof typeof dimensions): Count[] =>
    dimensionRows.filter((row) => row.dimension === name).map((row) => ({ key: row.key, count: row.count }));
  const perMonth = new Map(monthRows.map((row) => [row.key, row.count]));
  const total = totals[0]?.total ?? 0;
  const share = (value: number | undefined) => ({ count: value ?? 0, total });
  const result: StatsResult = {
    range,
    total,
    byType: byDimension('type'),
    byMonth: monthKeys.map((key): Count => ({ key, count: perMonth.get(key) ?? 0 })),
    byProvince: byDimension('province'),
    byMunicipality: byDimension('municipality').slice(0, 20),
    byPlatform,
    shares: {
      anonymous: share(totals[0]?.anonymous),
      calledPolice: share(totals[0]?.calledPolice),
      medicalTreatment: share(totals[0]?.medicalTreatment),
    },
    byClassification: {
      category: byDimension('category'),
      manifestation: byManifestation.map((row) => ({ key: row.key, count: row.count })),
      target: byDimension('target'),
      knownThrough: byDimension('knownThrough'),
      placeType: byDimension('placeType'),
    },
    byTag: tagRows.map((row) => ({ key: row.key, names: row.names, count: row.count })),
    // How the incidents reached us (decision 0051): each once under every source of its counting
    // reports; the sources that brought none are left out, the most frequent first.
    bySource: REPORT_SOURCES.map((key) => ({ key, count: Number(totals[0]?.[key] ?? 0) }))
      .filter((row) => row.count > 0)
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1)),
    responseTimes,
  };
  return result;
}
