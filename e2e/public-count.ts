import type { Page } from '@playwright/test';
import { queryServerDatabase } from './database.ts';
import { expect } from './fixtures.ts';

// The public 30-day count (decisions 0009, 0037) is one figure for the whole site, and flows that
// run beside each other verify incidents of recent days: a flow reads its own share of it.

/** An incident the 30-day count counts, as the server decides it. */
const COUNTED_LAST_30_DAYS = `counts
  and incident_date > (now() at time zone 'Europe/Brussels')::date - 30
  and incident_date <= (now() at time zone 'Europe/Brussels')::date`;

/** The incidents of the last 30 days that count, as the server counts them (decisions 0009, 0037). */
export async function verifiedLast30Days(): Promise<number> {
  const [row] = await queryServerDatabase<{ count: number }>(
    `select count(*)::int as count from incident
      where ${COUNTED_LAST_30_DAYS}`,
  );
  return row?.count ?? 0;
}

/** Whether the incident of the report `reportId` is one the 30-day count counts (decisions 0009, 0037). */
export async function countedLast30Days(reportId: string): Promise<boolean> {
  const [row] = await queryServerDatabase<{ counted: boolean }>(
    `select coalesce(bool_or(${COUNTED_LAST_30_DAYS}), false) as counted
      from incident where id = (select incident_id from report where id = $1)`,
    [reportId],
  );
  return row?.counted ?? false;
}

/** The incidents the 30-day count counts, less the one of the report `reportId`. */
async function othersLast30Days(reportId: string): Promise<number> {
  const [row] = await queryServerDatabase<{ count: number }>(
    `select count(*)::int as count from incident
      where ${COUNTED_LAST_30_DAYS}
        and id <> (select incident_id from report where id = $1)`,
    [reportId],
  );
  return row?.count ?? Number.NaN;
}

/**
 * How many incidents of the test's own report the public 30-day count on `path` shows: the figure
 * less every other incident it counts, read from the database before and after the page. Other
 * flows verify incidents of recent days at the same time (e2e/other-channels.spec.ts); when one did
 * in between, the answer is NaN and the poll reads again. Under 3 the page writes "fewer than 3"
 * (decision 0022), and then only the database can say.
 */
async function ownOnPublicCount(page: Page, path: string, reportId: string) {
  const before = await othersLast30Days(reportId);
  await page.goto(path);
  const count = page.locator('.incident-count');
  const shown = await count.getAttribute('data-count');
  const fewer = await count.getAttribute('data-count-fewer-than');
  const after = await othersLast30Days(reportId);
  if (before !== after) return Number.NaN;
  const own = (await countedLast30Days(reportId)) ? 1 : 0;
  if (shown === null) return fewer === '3' && before + own < 3 ? own : Number.NaN;
  return Number(shown) - before;
}

export async function expectOwnOnPublicCount(page: Page, path: string, reportId: string, expected: number) {
  await expect.poll(() => ownOnPublicCount(page, path, reportId), { message: path, timeout: 30_000 }).toBe(expected);
}
