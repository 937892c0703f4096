import { SITE_TIME_ZONE } from '@app/core/site/dates';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A timestamp column's calendar day in Belgium, in SQL (the statistics count days in Brussels,
 * summer time included). The zone is written in the statement, not bound, as the schema's own
 * rules write it.
 */
export const siteDayOf = (column: unknown): SQL =>
  sql`(${column} at time zone ${sql.raw(`'${SITE_TIME_ZONE}'`)})::date`;
