import { SITE_TIME_ZONE } from '@app/core/dates';
import { dateFormat } from '@app/locales/date-format';
import { localeTag } from '@app/locales/languages';

export { formatNumber } from '../../i18n/format.ts';

/** The BCP 47 tag dates and numbers are written with in this language (English for anything unknown). */
export const formatTag = localeTag;

/** A date and time as people of this language write it, in Belgian time. */
export function formatDateTime(iso: string, language: string): string {
  return dateFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: SITE_TIME_ZONE,
  }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) as people of this language write it. */
export function formatDay(day: string, language: string): string {
  return dateFormat(language, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
