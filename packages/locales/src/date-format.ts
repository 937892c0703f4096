import { localeTag } from './languages.ts';

/**
 * Dates as each language writes them, the same on the server and in every browser.
 *
 * Browsers ship no Yiddish locale data: Chromium writes "November 25, 2026" where Node writes
 * "מיטוואך, 25טן נאוועמבער 2026". A page rendered by one and hydrated by the other did not match
 * (React's error 418), the reader then saw English months on a Yiddish page, and CLDR's Yiddish is
 * not YIVO's spelling anyway (נאוועמבער, מיי, דאנערשטיק). Yiddish dates are therefore put together
 * here from their numbers and tables of month and weekday names in YIVO spelling; every other
 * language uses Intl, whose data both sides have.
 */

/** The months in Yiddish (YIVO spelling), January first. */
export const YIDDISH_MONTHS = [
  'יאַנואַר',
  'פֿעברואַר',
  'מערץ',
  'אַפּריל',
  'מײַ',
  'יוני',
  'יולי',
  'אויגוסט',
  'סעפּטעמבער',
  'אָקטאָבער',
  'נאָוועמבער',
  'דעצעמבער',
] as const;

/** The days of the week in Yiddish (YIVO spelling), Sunday first as `Date.getUTCDay()` counts them. */
export const YIDDISH_WEEKDAYS = ['זונטיק', 'מאָנטיק', 'דינסטיק', 'מיטוואָך', 'דאָנערשטיק', 'פֿרײַטיק', 'שבת'] as const;

export type DateFormatter = { format(date: Date): string };

/** `Intl.DateTimeFormat(language's tag, options)`, with Yiddish written as described above. */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): DateFormatter {
  if (language !== 'yi') return new Intl.DateTimeFormat(localeTag(language), options);
  return yiddishFormat(options);
}

function yiddishFormat(options: Intl.DateTimeFormatOptions): DateFormatter {
  const hasDate = options.dateStyle !== undefined;
  const hasTime = options.timeStyle !== undefined;
  const wants = {
    weekday: options.dateStyle === 'full' || options.weekday !== undefined,
    day: hasDate || options.day !== undefined,
    month: hasDate || options.month !== undefined,
    year: hasDate || options.year !== undefined,
    time: hasTime || options.hour !== undefined,
    minute: hasTime || options.minute !== undefined,
  };
  // The numbers, from a locale every runtime has, in the time zone asked for.
  const numbers = new Intl.DateTimeFormat('en-GB', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return {
    format(date: Date) {
      const part = (type: Intl.DateTimeFormatPartTypes) =>
        numbers.formatToParts(date).find((candidate) => candidate.type === type)?.value ?? '';
      const words: string[] = [];
      if (wants.day) words.push(String(Number(part('day'))));
      if (wants.month) words.push(YIDDISH_MONTHS[Number(part('month')) - 1] ?? '');
      if (wants.year) words.push(part('year'));
      // The weekday of the calendar day just read, in the same time zone.
      const weekday = wants.weekday
        ? YIDDISH_WEEKDAYS[new Date(Date.UTC(+part('year'), +part('month') - 1, +part('day'))).getUTCDay()]
        : '';
      const day = [weekday, words.join(' ')].filter(Boolean).join(', ');
      const time = wants.time ? (wants.minute ? `${part('hour')}:${part('minute')}` : part('hour')) : '';
      return [day, time].filter(Boolean).join(', ');
    },
  };
}
