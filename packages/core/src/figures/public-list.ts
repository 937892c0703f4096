import type { Arrondissement, DatePrecision, PlacePrecision } from '../casework/arrondissements.ts';
import type { Province } from '../casework/statuses.ts';
import type { PeriodFigures, PublicFigures } from './public-figures.ts';
import type { PublicCount } from './small-cells.ts';

/**
 * The public list at the precision staff chose, and the rule that keeps it from undoing the
 * protected figures (decision 0047). Pure, so that the server and the tests use the same rule.
 */

/** A date as the list shows it: a day (YYYY-MM-DD), the Monday of a week (YYYY-MM-DD) or a month (YYYY-MM). */
export type ShownDate = { precision: DatePrecision; value: string };

/** A place as the list shows it: the municipality as staff typed it, or an arrondissement's or province's code. */
export type ShownPlace =
  | { precision: 'municipality'; name: string }
  | { precision: 'arrondissement'; code: Arrondissement }
  | { precision: 'province'; code: Province };

const DAY_MS = 86_400_000;
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The Monday of the (ISO) week of a day. */
export function mondayOf(day: string): string {
  const date = utcDay(day);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return isoDay(new Date(date.getTime() - sinceMonday * DAY_MS));
}

/** A day moved by a number of days. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(utcDay(day).getTime() + days * DAY_MS));
}

/** The last day of a month (YYYY-MM). */
function lastDayOf(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return isoDay(new Date(Date.UTC(year, index, 0)));
}

/** What the list may show of a date: nothing finer than the precision chosen. */
export function shownDate(day: string, precision: DatePrecision): ShownDate {
  if (precision === 'day') return { precision, value: day };
  if (precision === 'week') return { precision, value: mondayOf(day) };
  return { precision, value: day.slice(0, 7) };
}

/** Every day a reader can place a shown date in: the first and the last. */
export function dateExtent(date: ShownDate): { from: string; to: string } {
  if (date.precision === 'day') return { from: date.value, to: date.value };
  if (date.precision === 'week') return { from: date.value, to: addDays(date.value, 6) };
  return { from: `${date.value}-01`, to: lastDayOf(date.value) };
}

/** What the list may show of a place: nothing finer than the precision chosen, never a null. */
export function shownPlace(
  place: { municipality: string; arrondissement: Arrondissement | null; province: Province },
  precision: PlacePrecision,
): ShownPlace {
  if (precision === 'municipality' && place.arrondissement) return { precision, name: place.municipality };
  if (precision === 'arrondissement' && place.arrondissement) return { precision, code: place.arrondissement };
  return { precision: 'province', code: place.province };
}

const shown = (count: PublicCount | undefined) => count !== undefined && count >= 0;

/** The months (YYYY-MM) from one day to another. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); ) {
    months.push(month);
    const [year, index] = month.split('-').map(Number) as [number, number];
    month = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
  }
  return months;
}

/** Whether every cell of a period that an incident of this type and province may lie in is shown. */
function periodShown(period: PeriodFigures, typeIndex: number, province: Province): boolean {
  const inProvince = period.provinces.find((row) => row.province === province);
  return (
    shown(period.total) &&
    shown(period.byType[typeIndex]) &&
    inProvince !== undefined &&
    shown(inProvince.total) &&
    shown(inProvince.byType[typeIndex])
  );
}

/**
 * Whether an item may be listed (decision 0047): a listed incident tells a reader that each
 * public figure it may lie in holds at least one incident, so it is listed only when each of
 * those figures is shown as a number, where it adds nothing a reader did not know:
 *
 * - the 30-day count, when the shown date may fall in the last 30 days (`window`);
 * - each month's count of its type and the month's total, for every month the shown date may
 *   fall in (the month under way is not broken down, so an item of this month waits for its end);
 * - each year's count of its type, of its province, of its type in its province, and its total;
 *   the same for the current year's days of the year before, when the shown date may fall in them.
 *
 * The province is always known to a reader (an arrondissement or a municipality lies in one).
 */
export function listable(
  item: { date: ShownDate; incidentType: string; province: Province },
  figures: PublicFigures,
  window: { from: string; to: string; count: PublicCount },
): boolean {
  const { from, to } = dateExtent(item.date);
  const typeIndex = figures.types.findIndex((type) => type === item.incidentType);
  if (typeIndex < 0) return false;
  if (from <= window.to && to >= window.from && !shown(window.count)) return false;
  for (const month of monthsBetween(from, to)) {
    const cells = figures.months.find((row) => row.month === month);
    if (!cells || !shown(cells.total) || !shown(cells.byType[typeIndex])) return false;
  }
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    const period = figures.years.find((row) => row.year === year);
    if (!period || !periodShown(period, typeIndex, item.province)) return false;
  }
  const last = figures.samePeriodLastYear;
  if (from <= last.to && to >= last.from && !periodShown(last, typeIndex, item.province)) return false;
  return true;
}
