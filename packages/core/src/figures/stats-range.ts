import { todayInBelgium } from '../site/dates.ts';
import { dayFromQuery } from '../site/query-params.ts';
import type { StatsRange } from './stats-api.ts';

/**
 * The statistics' period from a query string: `from` and `to` (incident dates, inclusive), by
 * default the last 12 months up to today; and 12 or 24 months for the monthly chart.
 */
export function statsRangeFrom(params: URLSearchParams, now = new Date()): { range: StatsRange; months: 12 | 24 } {
  const today = todayInBelgium(now);
  const yearAgo = new Date(`${today}T12:00:00Z`);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  yearAgo.setUTCDate(yearAgo.getUTCDate() + 1);
  let from = dayFromQuery(params.get('from')) ?? yearAgo.toISOString().slice(0, 10);
  let to = dayFromQuery(params.get('to')) ?? today;
  if (from > to) [from, to] = [to, from];
  return { range: { from, to }, months: params.get('months') === '24' ? 24 : 12 };
}
