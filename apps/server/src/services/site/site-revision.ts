import { todayInBelgium } from '@app/core/site/dates';
import type pg from 'pg';

export type SiteRevision = {
  /**
   * What a public page's content depends on, as one string: the database's site revision (raised
   * by triggers whenever a staff text, a published incident or a counted report changes, on any
   * instance) and Belgium's calendar day (the 30-day count moves at midnight in Brussels).
   */
  current(now?: Date): Promise<string>;
};

/**
 * One primary-key read per request, so that an edit on any instance shows on the next request.
 * Requests that arrive while a read is under way share it: under load the database sees one read
 * at a time, not one per visitor.
 */
export function createSiteRevision(pool: pg.Pool): SiteRevision {
  let reading: Promise<string> | undefined;
  const read = async () => {
    const { rows } = await pool.query<{ value: string }>('select value from site_revision where id = 1');
    return rows[0]?.value ?? '0';
  };
  return {
    async current(now = new Date()) {
      if (!reading) reading = read().finally(() => (reading = undefined));
      return `${await reading}@${todayInBelgium(now)}`;
    },
  };
}
