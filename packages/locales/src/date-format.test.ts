import { describe, expect, it } from 'vitest';
import { dateFormat, YIDDISH_MONTHS, YIDDISH_WEEKDAYS } from './date-format.ts';

const noon = new Date('2026-11-25T12:00:00Z');

describe('dateFormat', () => {
  it('writes Yiddish dates from their numbers and the month names, never with the runtime’s own Yiddish data', () => {
    expect(dateFormat('yi', { dateStyle: 'long', timeZone: 'UTC' }).format(noon)).toBe('25 נאָוועמבער 2026');
    expect(dateFormat('yi', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(noon)).toBe('נאָוועמבער 2026');
    expect(dateFormat('yi', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(noon)).toBe('25 נאָוועמבער');
    // Belgian time: 12:00 UTC is 13:00 in Brussels in November.
    expect(
      dateFormat('yi', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(noon),
    ).toBe('25 נאָוועמבער 2026, 13:00');
    expect(
      dateFormat('yi', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2000, 0, 1, 7)),
      ),
    ).toBe('07:00');
    // The last evening of a month in Brussels is already the next month in UTC: the zone decides.
    const lateEvening = new Date('2026-01-31T23:30:00Z');
    expect(dateFormat('yi', { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(lateEvening)).toBe(
      `1 ${YIDDISH_MONTHS[1]} 2026`,
    );
    for (const [index, name] of YIDDISH_MONTHS.entries()) {
      const first = new Date(Date.UTC(2026, index, 1));
      expect(dateFormat('yi', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first)).toBe(`${name} 2026`);
      expect(name).toMatch(/^[\u0590-\u05FF]+$/);
    }
  });

  it('writes the Yiddish weekday in YIVO spelling when asked for (the daily digest’s full date)', () => {
    expect(YIDDISH_WEEKDAYS).toEqual(['זונטיק', 'מאָנטיק', 'דינסטיק', 'מיטוואָך', 'דאָנערשטיק', 'פֿרײַטיק', 'שבת']);
    // YIVO writes the komets-alef, the rafe on פֿ and the pasekh under ײַ; CLDR's "מיטוואך" has none of them.
    expect(YIDDISH_WEEKDAYS.join(' ')).toContain('\u05D0\u05B8'); // אָ
    expect(YIDDISH_WEEKDAYS[5]).toBe('\u05E4\u05BF\u05E8\u05F2\u05B7\u05D8\u05D9\u05E7');
    expect(dateFormat('yi', { dateStyle: 'full', timeZone: 'UTC' }).format(noon)).toBe('מיטוואָך, 25 נאָוועמבער 2026');
    expect(dateFormat('yi', { weekday: 'long', timeZone: 'UTC' }).format(noon)).toBe('מיטוואָך');
    expect(dateFormat('yi', { dateStyle: 'long', timeZone: 'UTC' }).format(noon)).not.toContain('מיטוואָך');
    // Seven days from Sunday 22 November 2026, one name each.
    for (const [index, name] of YIDDISH_WEEKDAYS.entries()) {
      const day = new Date(Date.UTC(2026, 10, 22 + index, 12));
      expect(dateFormat('yi', { dateStyle: 'full', timeZone: 'UTC' }).format(day)).toBe(
        `${name}, ${22 + index} נאָוועמבער 2026`,
      );
    }
    // Saturday evening in UTC is already Sunday in Brussels: the weekday follows the zone's calendar day.
    const saturdayNight = new Date('2026-01-31T23:30:00Z');
    expect(dateFormat('yi', { dateStyle: 'full', timeZone: 'Europe/Brussels' }).format(saturdayNight)).toBe(
      `זונטיק, 1 ${YIDDISH_MONTHS[1]} 2026`,
    );
  });

  it('leaves every other language to Intl', () => {
    for (const [language, tag] of [
      ['en', 'en-US'],
      ['fr', 'fr-FR'],
      ['nl', 'nl-NL'],
      ['he', 'he-IL'],
    ] as const) {
      for (const dateStyle of ['long', 'full'] as const) {
        const options: Intl.DateTimeFormatOptions = { dateStyle, timeZone: 'UTC' };
        expect(dateFormat(language, options).format(noon)).toBe(new Intl.DateTimeFormat(tag, options).format(noon));
      }
    }
  });
});
