import { INCIDENT_COUNT_WINDOW_DAYS } from '@app/core/statuses';
import { sql } from 'drizzle-orm';
import { report } from '../db/schema.ts';

/**
 * A verified incident: verified, or closed after being verified (a closed report keeps its
 * rejection reason if it had one). Reports held back by the spam check never count.
 */
export const isVerifiedIncident = sql`(${report.isQuarantined} = false and (${report.status} = 'verified'
  or (${report.status} = 'closed' and ${report.rejectionReason} is null)))`;

/**
 * Incident dates within the last 30 days, today included, as calendar days in Brussels: on
 * 30 November, from 1 November to 30 November.
 */
export const inLast30Days = sql`(${report.incidentDate} > (now() at time zone 'Europe/Brussels')::date - ${INCIDENT_COUNT_WINDOW_DAYS}::int
  and ${report.incidentDate} <= (now() at time zone 'Europe/Brussels')::date)`;
