import { SITE_TIME_ZONE } from '@app/core/site/dates';
import { type DateFormatter, dateFormat } from '@app/locales/date-format';

/**
 * Every date the site shows, written as its language writes it (Yiddish from its own month names,
 * see `@app/locales/date-format`), the same on the server and in the browser.
 *
 * Two kinds of value: an instant (an ISO timestamp, `receivedAt`) is shown in Belgian time
 * (`SITE_TIME_ZONE`), whatever the zone of the machine or the reader; a calendar day or month
 * (`2026-11-25`, `2026-11`) is a date already and is shown as it is, read and written in UTC.
 */

const formatters = new Map<string, DateFormatter>();

/** One formatter per language and options: a list of a hundred rows makes one, not a hundred. */
function formatter(language: string, options: Intl.DateTimeFormatOptions): DateFormatter {
  const key = `${language} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = dateFormat(language, options);
    formatters.set(key, made);
  }
  return made;
}

const calendarDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** An instant, in Belgian time: "Nov 25, 2026, 3:04 PM" (medium) or "November 25, 2026 at 3:04 PM" (long). */
export function formatDateTime(iso: string, language: string, style: 'medium' | 'long' = 'medium'): string {
  return formatter(language, { dateStyle: style, timeStyle: 'short', timeZone: SITE_TIME_ZONE }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD): "Nov 25, 2026" (medium) or "November 25, 2026" (long). */
export function formatDay(day: string, language: string, style: 'medium' | 'long' = 'medium'): string {
  return formatter(language, { dateStyle: style, timeZone: 'UTC' }).format(calendarDay(day));
}

/** A day of the year without the year: "25 November". */
export function formatDayOfYear(day: string, language: string): string {
  return formatter(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(calendarDay(day));
}

/** A month (YYYY-MM): "Nov 2026", "nov. 2026", "נוב׳ 2026" (short) or "November 2026" (long). */
export function formatMonth(month: string, language: string, style: 'short' | 'long' = 'short'): string {
  return formatter(language, { month: style, year: 'numeric', timeZone: 'UTC' }).format(calendarDay(`${month}-01`));
}

/** An hour of the day (7 → "07:00" or "7:00 AM", as the language writes it). */
export function formatHour(hour: number, language: string): string {
  return formatter(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hour)),
  );
}
