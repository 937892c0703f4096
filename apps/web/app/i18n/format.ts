import { localeTag } from '@app/locales/languages';

const formatters = new Map<string, (value: number) => string>();

/** Writes a number as the locale does ("10,000", "10.000", "10 000"); one formatter per locale. */
export function numberFormatter(tag: string): (value: number) => string {
  let format = formatters.get(tag);
  if (!format) {
    const numberFormat = new Intl.NumberFormat(tag);
    format = (value) => numberFormat.format(value);
    formatters.set(tag, format);
  }
  return format;
}

/** A number as people of this language write it. */
export function formatNumber(value: number, language: string): string {
  return numberFormatter(localeTag(language))(value);
}

/**
 * A file size in kilobytes, or megabytes with one decimal from 1,000 kB, with the language's own
 * units and number format: "2.5 MB", "2,5 Mo", "2,5 MB". A file that has bytes never reads 0.
 */
export function formatFileSize(bytes: number, language: string): string {
  const tag = localeTag(language);
  const kilobytes = Math.max(1, Math.round(bytes / 1024));
  if (kilobytes < 1000) {
    return new Intl.NumberFormat(tag, { style: 'unit', unit: 'kilobyte', unitDisplay: 'short' }).format(kilobytes);
  }
  return new Intl.NumberFormat(tag, {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / 1024 / 1024);
}
