import type { RejectionReason } from '@app/core/casework/report-workflow';
import { INCIDENT_COUNT_WINDOW_DAYS, type ReportStatus } from '@app/core/casework/statuses';
import { SITE_TIME_ZONE } from '@app/core/site/dates';
import { and, count, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { incident, report } from '../../db/schema.ts';

/**
 * What counts (decisions 0009 and 0037): an incident counts, once, when at least one of its
 * reports is verified, or closed without a rejection reason (a closed report keeps its reason if it
 * had one), and not held back by the spam check. A second witness of one attack adds nothing; a
 * report split out into an incident of its own counts on its own.
 *
 * The rule about one report is the database function `report_counts` (migration 0023), so that the
 * triggers that keep `incident.counts` and every query here say the same thing; the incidents that
 * count are read through `incident.counts` and its partial index `incident_counted_figures_idx`.
 */
export const countsAsIncident = sql`${incident.counts}`;

/** A report that, by itself, makes its incident count. */
export const isVerifiedReport = sql`report_counts(${report.status}, ${report.rejectionReason}, ${report.isQuarantined})`;

/** Whether a report would count with these values (a change about to be written), by the same rule. */
export async function wouldCount(
  db: Pick<Db, 'execute'>,
  values: { status: ReportStatus; rejectionReason: RejectionReason | null; isQuarantined: boolean },
): Promise<boolean> {
  const { rows } = await db.execute<{ counts: boolean }>(
    sql`select report_counts(${values.status}, ${values.rejectionReason}::text, ${values.isQuarantined}) as counts`,
  );
  return rows[0]?.counts === true;
}

/**
 * Incident dates within the last 30 days, today included, as calendar days in Brussels: on
 * 30 November, from 1 November to 30 November. `now` is a parameter so that tests can stand at
 * any moment, such as just after midnight in Brussels while it is still the day before in UTC.
 */
export function inLast30Days(now: Date = new Date()) {
  const today = sql`((${now.toISOString()}::timestamptz) at time zone ${SITE_TIME_ZONE})::date`;
  return sql`(${incident.incidentDate} > ${today} - ${INCIDENT_COUNT_WINDOW_DAYS}::int and ${incident.incidentDate} <= ${today})`;
}

/** The count on the public Incidents page and the dashboard: incidents, not reports. */
export async function countVerifiedLast30Days(db: Pick<Db, 'select'>, now: Date = new Date()): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(incident)
    .where(and(countsAsIncident, inLast30Days(now)));
  return row?.value ?? 0;
}
