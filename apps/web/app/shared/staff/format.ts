import { SITE_TIME_ZONE } from '@app/core/dates';
import { isLanguage, languageInfo } from '@app/locales/languages';

/** The BCP 47 tag dates and numbers are written with in this language (English for anything unknown). */
export function formatTag(language: string): string {
  return languageInfo(isLanguage(language) ? language : 'en').tag;
}

/** A date and time as people of this language write it, in Belgian time. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(formatTag(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: SITE_TIME_ZONE,
  }).format(new Date(iso));
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(formatTag(language)).format(value);
}

/** A calendar day (YYYY-MM-DD) as people of this language write it. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(formatTag(language), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A file size in kB or MB; a file under 1 kB reads "1 kB", never "0 kB". */
export function formatSize(bytes: number, language: string): string {
  const tag = formatTag(language);
  if (bytes < 1024 * 1024) {
    return `${new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)))} kB`;
  }
  return `${new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;
}
