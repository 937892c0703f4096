import { SITE_TIME_ZONE } from '@app/core/site/dates';
import { dateFormat } from '@app/locales/date-format';
import { type Language, localeTag } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import type { staffDigest } from '../db/reminders-schema.ts';

type DigestRow = typeof staffDigest.$inferSelect;

/** What a digest needs of the outbox's settings (`NotificationSettings` holds them all). */
export type DigestSettings = {
  from: string;
  language: Language;
  organisationName: string;
  /** The staff area (`…/internal`), for the digest's links. */
  staffAreaUrl: string;
};
type DigestMessages = (typeof resources)['en']['emails']['dailyDigest'];
type CountedLine = 'newReports' | 'overdueReports' | 'unansweredReports' | 'dueReminders' | 'erasuresDue';

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '');
}

/**
 * The daily digest of one member: four figures (and the erasures due within 14 days, if any) and the staff area's links, in the staff language.
 * Built from the counts claimed with the digest's row; it holds no name, no address, no word of a
 * report or of a note (decision 0028).
 */
export function composeDigest(digest: DigestRow, to: string, settings: DigestSettings) {
  const language = settings.language;
  const tag = localeTag(language);
  const messages = resources[language].emails.dailyDigest as DigestMessages & Record<string, string>;
  const plural = new Intl.PluralRules(tag);
  const number = new Intl.NumberFormat(tag);
  const counted = (line: CountedLine, count: number) => {
    const template = messages[`${line}_${plural.select(count)}`] ?? messages[`${line}_other`] ?? '';
    return `• ${fill(template, { count: number.format(count) })}`;
  };
  // The digest's day, at noon UTC so that it is the same calendar day in Brussels; Yiddish with the
  // YIVO names of the weekday and the month, which the runtime's Yiddish data lacks.
  const date = dateFormat(language, { dateStyle: 'full', timeZone: SITE_TIME_ZONE }).format(
    new Date(`${digest.day}T12:00:00Z`),
  );
  const values = {
    organisation: settings.organisationName,
    date,
    reportsLink: `${settings.staffAreaUrl}/reports?status=new&sort=received-asc`,
    dashboardLink: `${settings.staffAreaUrl}/dashboard`,
    accountLink: `${settings.staffAreaUrl}/account`,
  };
  const text = [
    fill(messages.intro, values),
    '',
    counted('newReports', digest.newReports),
    counted('overdueReports', digest.overdueReports),
    counted('unansweredReports', digest.unansweredReports),
    counted('dueReminders', digest.dueReminders),
    // Only when there is one: a warning, not a figure of every day.
    ...(digest.erasuresDue > 0 ? [counted('erasuresDue', digest.erasuresDue)] : []),
    '',
    fill(messages.links, values),
    '',
    fill(messages.footer, values),
  ].join('\n');
  return { from: settings.from, to, subject: fill(messages.subject, values), text };
}
