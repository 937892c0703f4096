import { SITE_TIME_ZONE } from '../site/dates.ts';

/**
 * Working days in Belgium, for the promise to answer a report within so many working days
 * (docs/decisions/0029-response-times.md).
 *
 * - A working day is a calendar day in Brussels (Europe/Brussels, summer time included) that is
 *   neither a Saturday, a Sunday, nor one of the ten legal public holidays of Belgium (the law of
 *   4 January 1974 and its royal decree): New Year's Day, Easter Monday, Labour Day (1 May),
 *   Ascension Day, Whit Monday, the National Day (21 July), the Assumption (15 August), All
 *   Saints' Day (1 November), Armistice Day (11 November) and Christmas Day. A holiday that falls
 *   on a Sunday is not moved: the law gives employees a replacement day of their employer's
 *   choosing, which is not the same day for everyone.
 * - Time is counted as it passes on working days only: from a report on Monday at 10:00, two
 *   working days run out on Wednesday at 10:00. A day that is not a working day does not count at
 *   all, so a report that arrives on a Saturday, a Sunday or a holiday starts counting at midnight
 *   of the next working day.
 *
 * Everything here is computed (Easter by the Gregorian computus), not read from a list of years.
 */

export type BelgianHoliday =
  | 'newYear'
  | 'easterMonday'
  | 'labourDay'
  | 'ascension'
  | 'whitMonday'
  | 'nationalDay'
  | 'assumption'
  | 'allSaints'
  | 'armistice'
  | 'christmas';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD calendar date. */
function dayNumberOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(year, month - 1, date) / DAY_MS);
}

/** The YYYY-MM-DD of a day number. */
function dayOfNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Easter Sunday of a Gregorian year, YYYY-MM-DD (the anonymous Gregorian computus). */
export function easterSunday(year: number): string {
  if (!Number.isInteger(year) || year < 1583) throw new RangeError(`expected a Gregorian year, got ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

const holidayCache = new Map<number, Map<string, BelgianHoliday>>();

/** The ten legal public holidays of a year, in calendar order, as YYYY-MM-DD. */
export function belgianPublicHolidays(year: number): { day: string; holiday: BelgianHoliday }[] {
  const easter = dayNumberOf(easterSunday(year));
  const fixed = (monthDay: string) => `${year}-${monthDay}`;
  const holidays: { day: string; holiday: BelgianHoliday }[] = [
    { day: fixed('01-01'), holiday: 'newYear' },
    { day: dayOfNumber(easter + 1), holiday: 'easterMonday' },
    { day: fixed('05-01'), holiday: 'labourDay' },
    { day: dayOfNumber(easter + 39), holiday: 'ascension' },
    { day: dayOfNumber(easter + 50), holiday: 'whitMonday' },
    { day: fixed('07-21'), holiday: 'nationalDay' },
    { day: fixed('08-15'), holiday: 'assumption' },
    { day: fixed('11-01'), holiday: 'allSaints' },
    { day: fixed('11-11'), holiday: 'armistice' },
    { day: fixed('12-25'), holiday: 'christmas' },
  ];
  return holidays.sort((left, right) => left.day.localeCompare(right.day));
}

function holidaysOf(year: number): Map<string, BelgianHoliday> {
  let holidays = holidayCache.get(year);
  if (!holidays) {
    holidays = new Map(belgianPublicHolidays(year).map((entry) => [entry.day, entry.holiday]));
    holidayCache.set(year, holidays);
  }
  return holidays;
}

/** The holiday a YYYY-MM-DD date is, if it is one of the ten. */
export function belgianPublicHoliday(day: string): BelgianHoliday | undefined {
  return holidaysOf(Number(day.slice(0, 4))).get(day);
}

const workingDayCache = new Map<number, boolean>();

function isWorkingDayNumber(dayNumber: number): boolean {
  let working = workingDayCache.get(dayNumber);
  if (working === undefined) {
    // 1970-01-01 was a Thursday: (n + 4) % 7 is 0 on Sundays and 6 on Saturdays.
    const weekday = (((dayNumber + 4) % 7) + 7) % 7;
    working = weekday !== 0 && weekday !== 6 && belgianPublicHoliday(dayOfNumber(dayNumber)) === undefined;
    if (workingDayCache.size > 20_000) workingDayCache.clear();
    workingDayCache.set(dayNumber, working);
  }
  return working;
}

/** Whether a YYYY-MM-DD date is a working day in Belgium. */
export function isBelgianWorkingDay(day: string): boolean {
  return isWorkingDayNumber(dayNumberOf(day));
}

// The wall clock in Brussels, to find where each of its days starts.
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Brussels' offset from UTC at an instant, in milliseconds (3,600,000 in winter). */
function offsetAt(instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year as number,
    (parts.month as number) - 1,
    parts.day as number,
    parts.hour as number,
    parts.minute as number,
    parts.second as number,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

// Day starts are asked for again and again (statistics over thousands of reports): kept.
const dayStarts = new Map<number, number>();

/** The instant a Brussels day (day number) begins: its midnight, summer time or not. */
function startOfDayNumber(dayNumber: number): number {
  let start = dayStarts.get(dayNumber);
  if (start === undefined) {
    const midnightUtc = dayNumber * DAY_MS;
    // Midnight is never skipped nor repeated in Brussels (the clocks change at 02:00 and 03:00).
    start = midnightUtc - offsetAt(midnightUtc - offsetAt(midnightUtc));
    if (dayStarts.size > 20_000) dayStarts.clear();
    dayStarts.set(dayNumber, start);
  }
  return start;
}

/** The day number of the Brussels day an instant falls in. */
function dayNumberAt(instant: number): number {
  // Brussels is one or two hours ahead of UTC: start from the guess and step to the right day.
  let dayNumber = Math.floor((instant + 3_600_000) / DAY_MS);
  while (instant < startOfDayNumber(dayNumber)) dayNumber -= 1;
  while (instant >= startOfDayNumber(dayNumber + 1)) dayNumber += 1;
  return dayNumber;
}

/** The Brussels calendar date (YYYY-MM-DD) of an instant. */
export function belgianDayOf(instant: Date): string {
  return dayOfNumber(dayNumberAt(instant.getTime()));
}

/** The instant a Brussels calendar date (YYYY-MM-DD) begins. */
export function startOfBelgianDay(day: string): Date {
  return new Date(startOfDayNumber(dayNumberOf(day)));
}

/** How far into its Brussels day an instant is, from 0 (midnight) to just under 1. */
function fractionOfDay(instant: number, dayNumber: number): number {
  const start = startOfDayNumber(dayNumber);
  return (instant - start) / (startOfDayNumber(dayNumber + 1) - start);
}

/**
 * The working days that passed from `from` to `to`, as a fraction (1.5 is a working day and a
 * half); 0 when `to` is not after `from`. Only time on working days counts.
 */
export function workingDaysBetween(from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return 0;
  const first = dayNumberAt(start);
  const last = dayNumberAt(end);
  if (first === last) return isWorkingDayNumber(first) ? fractionOfDay(end, first) - fractionOfDay(start, first) : 0;
  let total = isWorkingDayNumber(first) ? 1 - fractionOfDay(start, first) : 0;
  for (let dayNumber = first + 1; dayNumber < last; dayNumber += 1) {
    if (isWorkingDayNumber(dayNumber)) total += 1;
  }
  if (isWorkingDayNumber(last)) total += fractionOfDay(end, last);
  return total;
}

/**
 * The instant at which `days` working days (0 or more, fractions allowed) have passed since
 * `from`: the deadline of a promise made at `from`. From a Saturday, counting starts on Monday at
 * midnight (or later, after a holiday).
 */
export function addWorkingDays(from: Date, days: number): Date {
  if (!(days >= 0) || !Number.isFinite(days)) throw new RangeError(`expected a number of working days, got ${days}`);
  let dayNumber = dayNumberAt(from.getTime());
  let into = fractionOfDay(from.getTime(), dayNumber);
  if (!isWorkingDayNumber(dayNumber)) {
    into = 0;
    do dayNumber += 1;
    while (!isWorkingDayNumber(dayNumber));
  }
  let remaining = days;
  for (;;) {
    const available = 1 - into;
    if (remaining <= available) {
      const start = startOfDayNumber(dayNumber);
      const length = startOfDayNumber(dayNumber + 1) - start;
      return new Date(start + Math.round((into + remaining) * length));
    }
    remaining -= available;
    into = 0;
    do dayNumber += 1;
    while (!isWorkingDayNumber(dayNumber));
  }
}

/**
 * The working calendar of a run of Brussels days, for counting working time in bulk (in SQL):
 * `starts[i]` is the instant (epoch milliseconds) day i begins, with one more entry for the end of
 * the last day; `working[i]` says whether day i is a working day; `before[i]` is the working days
 * from the first day's start to day i's. Working time up to an instant t of day i is
 * `before[i] + (working[i] ? (t - starts[i]) / (starts[i + 1] - starts[i]) : 0)`, and
 * `workingDaysBetween(a, b)` is that of b less that of a.
 */
export function workingCalendar(
  firstDay: string,
  lastDay: string,
): {
  starts: number[];
  working: boolean[];
  before: number[];
} {
  const first = dayNumberOf(firstDay);
  const last = dayNumberOf(lastDay);
  const starts: number[] = [];
  const working: boolean[] = [];
  const before: number[] = [];
  let total = 0;
  for (let dayNumber = first; dayNumber <= last; dayNumber += 1) {
    starts.push(startOfDayNumber(dayNumber));
    working.push(isWorkingDayNumber(dayNumber));
    before.push(total);
    if (isWorkingDayNumber(dayNumber)) total += 1;
  }
  starts.push(startOfDayNumber(last + 1));
  return { starts, working, before };
}

/**
 * Working days from the start of a `workingCalendar` to an instant (epoch milliseconds) within
 * it, in constant time: for counting many reports at once. An instant outside the calendar
 * counts as its first or last moment.
 */
export function workingPosition(calendar: ReturnType<typeof workingCalendar>, instant: number): number {
  const { starts, working, before } = calendar;
  const last = working.length - 1;
  const first = starts[0] as number;
  if (instant <= first) return 0;
  if (instant >= (starts[last + 1] as number)) return (before[last] as number) + (working[last] ? 1 : 0);
  // Days last 23 to 25 hours: the guess is at most a day off.
  let index = Math.min(last, Math.max(0, Math.floor((instant - first) / DAY_MS)));
  while (index > 0 && instant < (starts[index] as number)) index -= 1;
  while (index < last && instant >= (starts[index + 1] as number)) index += 1;
  if (!working[index]) return before[index] as number;
  const start = starts[index] as number;
  return (before[index] as number) + (instant - start) / ((starts[index + 1] as number) - start);
}

/**
 * The latest instant from which `days` working days have passed by `to`: a report received at or
 * before it has its deadline at or before `to`. The inverse of `addWorkingDays`, for finding every
 * overdue report with one comparison of dates.
 */
export function workingDaysBefore(to: Date, days: number): Date {
  if (!(days >= 0) || !Number.isFinite(days)) throw new RangeError(`expected a number of working days, got ${days}`);
  let dayNumber = dayNumberAt(to.getTime());
  let into = fractionOfDay(to.getTime(), dayNumber);
  if (!isWorkingDayNumber(dayNumber)) {
    into = 1;
    do dayNumber -= 1;
    while (!isWorkingDayNumber(dayNumber));
  }
  let remaining = days;
  for (;;) {
    if (remaining <= into) {
      const start = startOfDayNumber(dayNumber);
      const length = startOfDayNumber(dayNumber + 1) - start;
      return new Date(start + Math.round((into - remaining) * length));
    }
    remaining -= into;
    into = 1;
    do dayNumber -= 1;
    while (!isWorkingDayNumber(dayNumber));
  }
}

/** Where a report stands against the promise to answer within `promise` working days. */
export type PromiseState = 'answered-in-time' | 'answered-late' | 'overdue' | 'due-soon' | 'on-time';

/**
 * A report's standing: answered in time or late; else overdue once the deadline has passed, due
 * soon once less than one working day is left, on time before that.
 */
export function promiseState(
  receivedAt: Date,
  firstResponseAt: Date | null | undefined,
  now: Date,
  promise: number,
): PromiseState {
  const deadline = addWorkingDays(receivedAt, promise);
  if (firstResponseAt) return firstResponseAt.getTime() <= deadline.getTime() ? 'answered-in-time' : 'answered-late';
  if (now.getTime() >= deadline.getTime()) return 'overdue';
  if (now.getTime() >= addWorkingDays(receivedAt, Math.max(0, promise - 1)).getTime()) return 'due-soon';
  return 'on-time';
}
