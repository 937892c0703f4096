import { isCalendarDate } from './dates.ts';

/** Pages further than this are not asked for by any link; a larger number is read as this one. */
const MAX_PAGE = 100_000;

/** A list's page number from a query string: 1 when absent or not a number. */
export function pageFromQuery(value: string | null | undefined): number {
  return Math.min(MAX_PAGE, Math.max(1, Number.parseInt(value ?? '', 10) || 1));
}

/** A YYYY-MM-DD day from a query string, or undefined when it is not a real calendar date. */
export function dayFromQuery(value: string | null | undefined): string | undefined {
  return value && isCalendarDate(value) ? value : undefined;
}
