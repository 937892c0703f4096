/** Belgium's calendar day, whatever the time zone of the machine or the browser. */
export const SITE_TIME_ZONE = 'Europe/Brussels';

// The Swedish locale formats dates as YYYY-MM-DD. Made once: the page cache asks on every request.
const belgianDay = new Intl.DateTimeFormat('sv-SE', { timeZone: SITE_TIME_ZONE });

/** Today's date in Belgium as YYYY-MM-DD. */
export function todayInBelgium(now: Date = new Date()): string {
  return belgianDay.format(now);
}

/** A real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
