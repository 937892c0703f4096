import { INCIDENT_COUNT_WINDOW_DAYS } from '@app/core/casework/statuses';
import { SITE_TIME_ZONE } from '@app/core/site/dates';
import { and, count, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { report } from '../../db/schema.ts';

/**
 * A verified incident: verified, or closed after being verified (a closed report keeps its
 * rejection reason if it had one). Reports held back by the spam check never count.
 */
export const isVerifiedIncident = sql`(${report.isQuarantined} = false and (${report.status} = 'verified'
  or (${report.status} = 'closed' and ${report.rejectionReason} is null)))`;

/**
 * Incident dates within the last 30 days, today included, as calendar days in Brussels: on
 * 30 November, from 1 November to 30 November. `now` is a parameter so that tests can stand at
 * any moment, such as just after midnight in Brussels while it is still the day before in UTC.
 */
export function inLast30Days(now: Date = new Date()) {
  const today = sql`((${now.toISOString()}::timestamptz) at time zone ${SITE_TIME_ZONE})::date`;
  return sql`(${report.incidentDate} > ${today} - ${INCIDENT_COUNT_WINDOW_DAYS}::int and ${report.incidentDate} <= ${today})`;
}

/** The count on the public Incidents page and the dashboard. */
export async function countVerifiedLast30Days(db: Db, now: Date = new Date()): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(report)
    .where(and(isVerifiedIncident, inLast30Days(now)));
  return row?.value ?? 0;
}
