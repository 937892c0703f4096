import { describe, expect, it } from 'vitest';
import { dateFormat, YIDDISH_MONTHS } from './date-format.ts';

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

  it('leaves every other language to Intl', () => {
    for (const [language, tag] of [
      ['en', 'en-US'],
      ['fr', 'fr-FR'],
      ['nl', 'nl-NL'],
      ['he', 'he-IL'],
    ] as const) {
      const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
      expect(dateFormat(language, options).format(noon)).toBe(new Intl.DateTimeFormat(tag, options).format(noon));
    }
  });
});
