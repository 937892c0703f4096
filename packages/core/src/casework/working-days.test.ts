import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  belgianDayOf,
  belgianPublicHoliday,
  belgianPublicHolidays,
  easterSunday,
  isBelgianWorkingDay,
  promiseState,
  startOfBelgianDay,
  workingCalendar,
  workingDaysBefore,
  workingDaysBetween,
  workingPosition,
} from './working-days.ts';

const at = (iso: string) => new Date(iso);

describe('Easter by the computus', () => {
  it('finds Easter Sunday in years whose date is known', () => {
    expect(easterSunday(2000)).toBe('2000-04-23');
    expect(easterSunday(2019)).toBe('2019-04-21');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    // The earliest and latest possible dates.
    expect(easterSunday(2285)).toBe('2285-03-22');
    expect(easterSunday(1943)).toBe('1943-04-25');
  });

  it('always lands on a Sunday between 22 March and 25 April', () => {
    for (let year = 1900; year <= 2200; year += 1) {
      const easter = easterSunday(year);
      expect(new Date(`${easter}T12:00:00Z`).getUTCDay()).toBe(0);
      expect(easter.slice(5) >= '03-22' && easter.slice(5) <= '04-25').toBe(true);
    }
  });

  it('refuses a year before the Gregorian calendar', () => {
    expect(() => easterSunday(1500)).toThrow(RangeError);
  });
});

describe('the ten Belgian public holidays', () => {
  it('lists those of 2026 in calendar order, the movable ones from Easter', () => {
    expect(belgianPublicHolidays(2026)).toEqual([
      { day: '2026-01-01', holiday: 'newYear' },
      { day: '2026-04-06', holiday: 'easterMonday' },
      { day: '2026-05-01', holiday: 'labourDay' },
      { day: '2026-05-14', holiday: 'ascension' },
      { day: '2026-05-25', holiday: 'whitMonday' },
      { day: '2026-07-21', holiday: 'nationalDay' },
      { day: '2026-08-15', holiday: 'assumption' },
      { day: '2026-11-01', holiday: 'allSaints' },
      { day: '2026-11-11', holiday: 'armistice' },
      { day: '2026-12-25', holiday: 'christmas' },
    ]);
  });

  it('moves Easter Monday, Ascension and Whit Monday with Easter (2027: Easter on 28 March)', () => {
    expect(belgianPublicHoliday('2027-03-29')).toBe('easterMonday');
    expect(belgianPublicHoliday('2027-05-06')).toBe('ascension');
    expect(belgianPublicHoliday('2027-05-17')).toBe('whitMonday');
    expect(belgianPublicHoliday('2027-04-06')).toBeUndefined();
  });

  it('counts weekends and holidays out, and does not move a holiday that falls on a weekend', () => {
    expect(isBelgianWorkingDay('2026-04-03')).toBe(true); // Good Friday is not a public holiday
    expect(isBelgianWorkingDay('2026-04-04')).toBe(false); // Saturday
    expect(isBelgianWorkingDay('2026-04-05')).toBe(false); // Sunday
    expect(isBelgianWorkingDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isBelgianWorkingDay('2026-04-07')).toBe(true);
    // 15 August 2026 is a Saturday: the Monday after it is a working day.
    expect(isBelgianWorkingDay('2026-08-15')).toBe(false);
    expect(isBelgianWorkingDay('2026-08-17')).toBe(true);
  });

  it('makes 253 working days of 2026: 261 weekdays less the 8 holidays that fall on one', () => {
    expect(workingDaysBetween(startOfBelgianDay('2026-01-01'), startOfBelgianDay('2027-01-01'))).toBe(253);
  });
});

describe('days in Brussels', () => {
  it('starts each day at midnight in Brussels, in winter and in summer time', () => {
    expect(startOfBelgianDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    // The clocks went forward that Sunday: the day had 23 hours.
    expect(startOfBelgianDay('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfBelgianDay('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    // …and back on 25 October: 25 hours.
    expect(startOfBelgianDay('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('puts an instant on its Brussels date, not its UTC date', () => {
    expect(belgianDayOf(at('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(belgianDayOf(at('2026-07-20T22:00:00Z'))).toBe('2026-07-21');
    expect(belgianDayOf(at('2026-07-20T21:59:59.999Z'))).toBe('2026-07-20');
  });
});

describe('the promise of two working days', () => {
  it('from Friday 3 April 2026 before Easter Monday: due on Wednesday at the same hour, overdue from then', () => {
    // 15:00 in Brussels (summer time: UTC+2).
    const received = at('2026-04-03T13:00:00Z');
    expect(addWorkingDays(received, 2).toISOString()).toBe('2026-04-08T13:00:00.000Z');
    // Saturday, Sunday and Easter Monday do not count: on Monday evening it is still on time.
    expect(promiseState(received, null, at('2026-04-06T20:00:00Z'), 2)).toBe('on-time');
    // One working day is left from Tuesday 15:00: due soon.
    expect(promiseState(received, null, at('2026-04-07T12:59:59.999Z'), 2)).toBe('on-time');
    expect(promiseState(received, null, at('2026-04-07T13:00:00Z'), 2)).toBe('due-soon');
    expect(promiseState(received, null, at('2026-04-08T12:59:59.999Z'), 2)).toBe('due-soon');
    expect(promiseState(received, null, at('2026-04-08T13:00:00Z'), 2)).toBe('overdue');
    // Friday afternoon counts as 9/24 of a day, Tuesday as a whole one.
    expect(workingDaysBetween(received, at('2026-04-07T22:00:00Z'))).toBeCloseTo(1.375, 10);
    expect(workingDaysBetween(received, at('2026-04-06T21:59:59Z'))).toBeCloseTo(0.375, 10);
  });

  it('skips Ascension Day and Whit Monday', () => {
    // Wednesday 13 May 2026 at 10:00: Thursday is Ascension Day.
    expect(addWorkingDays(at('2026-05-13T08:00:00Z'), 2).toISOString()).toBe('2026-05-18T08:00:00.000Z');
    // Friday 22 May 2026 at 09:00: Monday is Whit Monday.
    expect(addWorkingDays(at('2026-05-22T07:00:00Z'), 2).toISOString()).toBe('2026-05-27T07:00:00.000Z');
  });

  it('runs across the end of the year past Christmas and New Year', () => {
    // Thursday 24 December 2026 at 18:00 (UTC+1): Christmas on Friday, then the weekend.
    expect(addWorkingDays(at('2026-12-24T17:00:00Z'), 2).toISOString()).toBe('2026-12-29T17:00:00.000Z');
    // Thursday 31 December 2026 at noon: New Year's Day on Friday.
    expect(addWorkingDays(at('2026-12-31T11:00:00Z'), 2).toISOString()).toBe('2027-01-05T11:00:00.000Z');
  });

  it('keeps the hour across the changes of the clocks', () => {
    // Friday 27 March 2026 at noon (UTC+1) → Tuesday 31 March at noon (UTC+2).
    expect(addWorkingDays(at('2026-03-27T11:00:00Z'), 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    // Friday 23 October 2026 at noon (UTC+2) → Tuesday 27 October at noon (UTC+1).
    expect(addWorkingDays(at('2026-10-23T10:00:00Z'), 2).toISOString()).toBe('2026-10-27T11:00:00.000Z');
    expect(workingDaysBetween(at('2026-03-27T11:00:00Z'), at('2026-03-31T10:00:00Z'))).toBeCloseTo(2, 10);
  });

  it('starts counting on the next working day for a report sent on a weekend or a holiday', () => {
    // Saturday 28 March 2026 at 20:00: counting starts on Monday at midnight (summer time by then).
    const saturday = at('2026-03-28T19:00:00Z');
    expect(addWorkingDays(saturday, 0).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(addWorkingDays(saturday, 2).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(workingDaysBetween(saturday, at('2026-03-30T04:00:00Z'))).toBeCloseTo(0.25, 10);
    // Easter Monday at 10:00: counting starts on Tuesday at midnight.
    expect(addWorkingDays(at('2026-04-06T08:00:00Z'), 2).toISOString()).toBe('2026-04-08T22:00:00.000Z');
    expect(workingDaysBetween(at('2026-04-06T08:00:00Z'), at('2026-04-06T20:00:00Z'))).toBe(0);
  });

  it('tells an answer in time from a late one', () => {
    const received = at('2026-04-03T13:00:00Z');
    expect(promiseState(received, at('2026-04-08T13:00:00Z'), at('2026-05-01T00:00:00Z'), 2)).toBe('answered-in-time');
    expect(promiseState(received, at('2026-04-08T13:00:01Z'), at('2026-05-01T00:00:00Z'), 2)).toBe('answered-late');
  });

  it('finds the latest arrival that is overdue at a given moment', () => {
    // On Wednesday 8 April 2026 at 15:00: everything received up to Friday 3 April at 15:00.
    expect(workingDaysBefore(at('2026-04-08T13:00:00Z'), 2).toISOString()).toBe('2026-04-03T13:00:00.000Z');
    // On Saturday: everything up to Thursday at midnight (a Thursday 00:00 report ran out on Friday night).
    expect(workingDaysBefore(at('2026-04-11T10:00:00Z'), 2).toISOString()).toBe('2026-04-08T22:00:00.000Z');
    expect(addWorkingDays(at('2026-04-08T22:00:00Z'), 2).toISOString()).toBe('2026-04-10T22:00:00.000Z');
    expect(workingDaysBefore(at('2026-04-08T13:00:00Z'), 0).toISOString()).toBe('2026-04-08T13:00:00.000Z');
  });

  it('counts nothing backwards', () => {
    expect(workingDaysBetween(at('2026-04-08T13:00:00Z'), at('2026-04-03T13:00:00Z'))).toBe(0);
    expect(() => addWorkingDays(at('2026-04-08T13:00:00Z'), -1)).toThrow(RangeError);
  });

  it('adds and measures the same working time, wherever it starts (3 years of instants)', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const start = at('2025-01-01T00:00:00Z').getTime();
    for (let index = 0; index < 2000; index += 1) {
      const from = new Date(start + Math.floor(random() * 3 * 365 * 86_400_000));
      const days = Math.round(random() * 100) / 10;
      const deadline = addWorkingDays(from, days);
      expect(Math.abs(workingDaysBetween(from, deadline) - days)).toBeLessThan(1e-6);
      // Walking back from the deadline finds the start again (or the start of its working time).
      const back = workingDaysBefore(deadline, days);
      expect(addWorkingDays(back, days).getTime() - deadline.getTime()).toBe(0);
      expect(back.getTime()).toBeGreaterThanOrEqual(from.getTime() - 1);
      // A deadline is reached while a working day's time passes.
      if (days > 0) expect(isBelgianWorkingDay(belgianDayOf(new Date(deadline.getTime() - 1)))).toBe(true);
    }
  });
});

describe('the working calendar, for counting in bulk', () => {
  it('gives each day its start, whether it is worked, and the working days before it', () => {
    const calendar = workingCalendar('2026-04-03', '2026-04-07');
    expect(calendar.starts.map((start) => new Date(start).toISOString())).toEqual([
      '2026-04-02T22:00:00.000Z',
      '2026-04-03T22:00:00.000Z',
      '2026-04-04T22:00:00.000Z',
      '2026-04-05T22:00:00.000Z',
      '2026-04-06T22:00:00.000Z',
      '2026-04-07T22:00:00.000Z',
    ]);
    expect(calendar.working).toEqual([true, false, false, false, true]);
    expect(calendar.before).toEqual([0, 1, 1, 1, 1]);
  });

  it('measures the same working time as workingDaysBetween', () => {
    const calendar = workingCalendar('2026-03-01', '2026-12-31');
    const position = (instant: number) => workingPosition(calendar, instant);
    expect(position(Date.parse('2026-01-01T00:00:00Z'))).toBe(0);
    expect(position(Date.parse('2027-06-01T00:00:00Z'))).toBe(
      workingDaysBetween(startOfBelgianDay('2026-03-01'), startOfBelgianDay('2027-01-01')),
    );
    for (let index = 0; index < 300; index += 1) {
      const from = Date.parse('2026-03-01T00:00:00Z') + index * 73_555_123;
      const to = from + (index % 17) * 21_600_000 + 1234;
      expect(position(to) - position(from)).toBeCloseTo(workingDaysBetween(new Date(from), new Date(to)), 9);
    }
  });
});
