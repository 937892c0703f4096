import { type DateFormatter, dateFormat } from '@app/locales/date-format';

const formats = new Map<string, DateFormatter>();

function format(language: string, options: Intl.DateTimeFormatOptions): DateFormatter {
  const key = `${language} ${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = dateFormat(language, { ...options, timeZone: 'UTC' });
    formats.set(key, made);
  }
  return made;
}

/** "Nov 2026", "nov. 2026", "נוב׳ 2026": a month (YYYY-MM) as the language writes it, short. */
export function monthLabel(month: string, language: string): string {
  return format(language, { month: 'short', year: 'numeric' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** "November 2026": a month written out. */
export function longMonthLabel(month: string, language: string): string {
  return format(language, { month: 'long', year: 'numeric' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** "25 November 2026". */
export function dayLabel(day: string, language: string): string {
  return format(language, { dateStyle: 'long' }).format(new Date(`${day}T00:00:00Z`));
}

/** "25 November": a day of the year, without the year. */
export function dayOfYearLabel(day: string, language: string): string {
  return format(language, { day: 'numeric', month: 'long' }).format(new Date(`${day}T00:00:00Z`));
}
