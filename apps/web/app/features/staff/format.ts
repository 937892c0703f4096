import { type Language, languageInfo } from '@app/locales/languages';

/** A date and time as people of this language write it, in Belgian time. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(languageInfo(language as Language).tag, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Brussels',
  }).format(new Date(iso));
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(languageInfo(language as Language).tag).format(value);
}
