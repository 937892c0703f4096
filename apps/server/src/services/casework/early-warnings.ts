import type { IncidentCategory } from '@app/core/casework/classification';
import type { IncidentType } from '@app/core/forms/incident-types';
import { todayInBelgium } from '@app/core/site/dates';
import type { EarlyWarningRule, EarlyWarningSettings } from '@app/core/staff/early-warnings';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { earlyWarning, earlyWarningIncident } from '../../db/early-warning-schema.ts';
import { notificationOutbox } from '../../db/schema.ts';

/** A group of incidents that meets a rule, as one detection found it. */
type Cluster = {
  rule: EarlyWarningRule;
  subjectKey: string;
  municipality?: string;
  incidentType?: IncidentType;
  category?: IncidentCategory;
  tagId?: string;
  urlHash?: string;
  incidents: { id: string; date: string }[];
};

export type EarlyWarningOutcome = { raised: number; grown: number; closed: number };

/** A day `days` before `day` (YYYY-MM-DD), by the calendar. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T12:00:00Z`) / 86_400_000);

/**
 * An incident may be counted by an early warning when one of its reports is neither rejected nor
 * held back as spam (the honeypot): a report still new counts, which is the point of an early
 * warning; a duplicate is no longer a report of its own (decision 0037), and a rejected one says
 * the incident did not happen as told.
 */
const MAY_COUNT = sql`exists (select 1 from report r where r.incident_id = i.id and not r.is_quarantined
  and r.status <> 'rejected' and r.rejection_reason is null)`;

/**
 * The incidents of one subject (sorted by date) that lie in some span of `spanDays` calendar days
 * holding at least `count` of them: all of them, or none.
 */
export function inBursts<T extends { date: string }>(sorted: T[], count: number, spanDays: number): T[] {
  const members = new Set<number>();
  let end = 0;
  for (let start = 0; start < sorted.length; start += 1) {
    const first = dayNumber(sorted[start]?.date ?? '');
    while (end < sorted.length && dayNumber(sorted[end]?.date ?? '') - first < spanDays) end += 1;
    if (end - start >= count) for (let index = start; index < end; index += 1) members.add(index);
  }
  return sorted.filter((_row, index) => members.has(index));
}

function groupBy<T>(rows: T[], keyOf: (row: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === undefined) continue;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

/** One row per (subject, incident): an incident with two reports naming the address counts once. */
function distinctIncidents(rows: { id: string; date: string }[]) {
  const seen = new Map(rows.map((row) => [row.id, row]));
  return [...seen.values()].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
}

/** Lock key class of the advisory locks taken per rule and subject ("ewrn"). */
const LOCK_CLASS = 0x6577_726e;

/**
 * Early warning (decision 0052). Each run reads the incidents dated within EARLY_WARNING_DAYS
 * (Belgian calendar days, `now` given) and finds:
 * - per municipality (as staff recorded it, in any case) and the reporter's type, or the staff's
 *   category: EARLY_WARNING_COUNT incidents or more whose dates fit in EARLY_WARNING_HOURS;
 * - per online address (the keyed hash beside the sealed value: nothing is opened) or tag:
 *   EARLY_WARNING_LINK_COUNT incidents or more.
 * Each group is matched to the open warning of its rule and subject: none, one is raised (a
 * guarded insert on the partial unique index) and its one e-mail queued in the same transaction;
 * one, its new incidents join it and its count follows, with no e-mail. An advisory lock per
 * subject makes two instances at once raise one warning (the unique index would refuse the second
 * anyway). A warning whose last incident is older than EARLY_WARNING_DAYS is closed first.
 */
export function createEarlyWarnings({ db, settings }: { db: Db; settings: EarlyWarningSettings }) {
  const spanDays = settings.placeHours / 24;

  const findClusters = async (since: string, today: string): Promise<Cluster[]> => {
    const inWindow = sql`i.incident_date between ${since} and ${today}`;
    const places = await db.execute<{
      id: string;
      date: string;
      municipality: string;
      place: string;
      incident_type: IncidentType;
      category: IncidentCategory | null;
    }>(sql`select i.id, i.incident_date::text as date, i.municipality, lower(i.municipality) as place,
              i.incident_type, i.category
             from incident i
            where i.municipality is not null and ${inWindow} and ${MAY_COUNT}
            order by i.incident_date, i.id`);
    const addresses = await db.execute<{ id: string; date: string; hash: string }>(
      sql`select distinct i.id, i.incident_date::text as date, h.hash
            from report_url_hash h
            join report r on r.id = h.report_id
            join incident i on i.id = r.incident_id
           where ${inWindow} and not r.is_quarantined and r.status <> 'rejected' and r.rejection_reason is null`,
    );
    const tags = await db.execute<{ id: string; date: string; tag_id: string }>(
      sql`select i.id, i.incident_date::text as date, l.tag_id
            from incident_tag_link l join incident i on i.id = l.incident_id
           where ${inWindow} and ${MAY_COUNT}`,
    );
    const clusters: Cluster[] = [];
    const placeRows = places.rows;
    for (const [key, rows] of groupBy(placeRows, (row) => `${row.place}|${row.incident_type}`)) {
      const members = inBursts(rows, settings.placeCount, spanDays);
      const first = members[0];
      if (!first) continue;
      clusters.push({
        rule: 'place-type',
        subjectKey: key,
        municipality: first.municipality,
        incidentType: first.incident_type,
        incidents: members,
      });
    }
    for (const [key, rows] of groupBy(placeRows, (row) =>
      row.category ? `${row.place}|${row.category}` : undefined,
    )) {
      const members = inBursts(rows, settings.placeCount, spanDays);
      const first = members[0];
      if (!first?.category) continue;
      clusters.push({
        rule: 'place-category',
        subjectKey: key,
        municipality: first.municipality,
        category: first.category,
        incidents: members,
      });
    }
    for (const [hash, rows] of groupBy(addresses.rows, (row) => row.hash)) {
      const incidents = distinctIncidents(rows);
      if (incidents.length >= settings.linkCount) {
        clusters.push({ rule: 'online-address', subjectKey: hash, urlHash: hash, incidents });
      }
    }
    for (const [tagId, rows] of groupBy(tags.rows, (row) => row.tag_id)) {
      const incidents = distinctIncidents(rows);
      if (incidents.length >= settings.linkCount) clusters.push({ rule: 'tag', subjectKey: tagId, tagId, incidents });
    }
    return clusters;
  };

  /** Raises the cluster's warning, or adds its new incidents to the open one: 'raised', 'grown' or nothing. */
  const record = (cluster: Cluster) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${`${cluster.rule}:${cluster.subjectKey}`}))`,
      );
      const [open] = await tx
        .select({ id: earlyWarning.id, incidentCount: earlyWarning.incidentCount })
        .from(earlyWarning)
        .where(
          and(
            eq(earlyWarning.rule, cluster.rule),
            eq(earlyWarning.subjectKey, cluster.subjectKey),
            isNull(earlyWarning.closedAt),
          ),
        )
        .for('update');
      let id = open?.id;
      let raised = false;
      if (!id) {
        const dates = cluster.incidents.map((row) => row.date);
        const [inserted] = await tx
          .insert(earlyWarning)
          .values({
            rule: cluster.rule,
            subjectKey: cluster.subjectKey,
            municipality: cluster.municipality ?? null,
            incidentType: cluster.incidentType ?? null,
            category: cluster.category ?? null,
            tagId: cluster.tagId ?? null,
            urlHash: cluster.urlHash ?? null,
            incidentCount: cluster.incidents.length,
            firstDate: dates[0] ?? '',
            lastDate: dates[dates.length - 1] ?? '',
          })
          .onConflictDoNothing({
            target: [earlyWarning.rule, earlyWarning.subjectKey],
            where: sql`closed_at is null`,
          })
          .returning({ id: earlyWarning.id });
        // Another instance raised it between our look and our insert: its e-mail is the one.
        if (!inserted) return undefined;
        id = inserted.id;
        raised = true;
      }
      await tx
        .insert(earlyWarningIncident)
        .values(cluster.incidents.map((row) => ({ warningId: id, incidentId: row.id })))
        .onConflictDoNothing();
      // The count is what the warning holds now: incidents deleted by a link have left it.
      const [now] = await tx
        .update(earlyWarning)
        .set({
          incidentCount: sql`(select count(*)::int from early_warning_incident w where w.warning_id = ${id})`,
          firstDate: sql`(select min(i.incident_date) from early_warning_incident w join incident i on i.id = w.incident_id where w.warning_id = ${id})`,
          lastDate: sql`(select max(i.incident_date) from early_warning_incident w join incident i on i.id = w.incident_id where w.warning_id = ${id})`,
          updatedAt: sql`now()`,
        })
        .where(eq(earlyWarning.id, id))
        .returning({ incidentCount: earlyWarning.incidentCount });
      if (raised) {
        const [queued] = await tx
          .insert(notificationOutbox)
          .values({ kind: 'earlyWarning' })
          .returning({ id: notificationOutbox.id });
        await tx.update(earlyWarning).set({ outboxId: queued?.id }).where(eq(earlyWarning.id, id));
        return 'raised' as const;
      }
      return (now?.incidentCount ?? 0) > (open?.incidentCount ?? 0) ? ('grown' as const) : undefined;
    });

  return {
    settings,
    /** One detection at `now`: what it raised, grew and closed. */
    async run(now = new Date()): Promise<EarlyWarningOutcome> {
      const today = todayInBelgium(now);
      const since = daysBefore(today, settings.days - 1);
      const closed = await db
        .update(earlyWarning)
        .set({ closedAt: sql`now()` })
        .where(and(isNull(earlyWarning.closedAt), sql`${earlyWarning.lastDate} < ${since}`))
        .returning({ id: earlyWarning.id });
      const outcome: EarlyWarningOutcome = { raised: 0, grown: 0, closed: closed.length };
      for (const cluster of await findClusters(since, today)) {
        const result = await record(cluster);
        if (result) outcome[result] += 1;
      }
      return outcome;
    },
  };
}

export type EarlyWarnings = ReturnType<typeof createEarlyWarnings>;
