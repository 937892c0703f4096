import {
  EARLY_WARNING_DEFAULTS,
  type EarlyWarningFacts,
  type EarlyWarningRule,
  type EarlyWarningSettings,
} from '@app/core/staff/early-warnings';
import { isolate } from '@app/locales/bidi';
import { dateFormat } from '@app/locales/date-format';
import { type Language, localeTag } from '@app/locales/languages';
import { resources } from '@app/locales/resources';

/** What the e-mail of an early warning is made of: no report's word, never an online address. */
export type EarlyWarningMailFacts = EarlyWarningFacts;

export type EarlyWarningMailSettings = {
  from: string;
  language: Language;
  organisationName: string;
  /** The reports list filtered to the warning's incidents. */
  warningUrl?: (warningId: string) => string;
  /** The thresholds, for the window the sentence names (EARLY_WARNING_HOURS, EARLY_WARNING_DAYS). */
  earlyWarnings?: EarlyWarningSettings;
  staffAreaUrl: string;
};

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '');
}

const PATTERN_KEYS = {
  'place-type': 'placeType',
  'place-category': 'placeCategory',
  'online-address': 'onlineAddress',
  tag: 'tag',
} as const satisfies Record<EarlyWarningRule, string>;

/**
 * The one e-mail of an early warning (decision 0052), in the staff language: the municipality,
 * the type, category or tag, the count, the dates and the link to the reports list filtered to its
 * incidents. An online address is never in it: the rule says only that one address recurs. A
 * name staff typed (municipality, tag) is isolated (FSI…PDI), so that it reads in order in Hebrew
 * and Yiddish.
 */
export function composeEarlyWarning(warning: EarlyWarningMailFacts, to: string[], settings: EarlyWarningMailSettings) {
  const language = settings.language;
  const messages = resources[language].emails.earlyWarning as Record<string, string>;
  const tag = localeTag(language);
  const plural = new Intl.PluralRules(tag).select(warning.incidentCount);
  const key = PATTERN_KEYS[warning.rule];
  const template = messages[`${key}_${plural}`] ?? messages[`${key}_other`] ?? '';
  const day = dateFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  const internal = resources[language].internal as unknown as {
    classification: { values: { category: Record<string, string> } };
  };
  const pattern = fill(template, {
    count: new Intl.NumberFormat(tag).format(warning.incidentCount),
    municipality: isolate(warning.municipality ?? ''),
    type: warning.incidentType ? resources[language].forms.incidentTypes[warning.incidentType].label : '',
    category: warning.category ? (internal.classification.values.category[warning.category] ?? '') : '',
    tag: isolate(warning.tagNames?.[language] ?? warning.tagNames?.en ?? ''),
    hours: new Intl.NumberFormat(tag).format(settings.earlyWarnings?.placeHours ?? EARLY_WARNING_DEFAULTS.placeHours),
    days: new Intl.NumberFormat(tag).format(settings.earlyWarnings?.days ?? EARLY_WARNING_DEFAULTS.days),
  });
  const values = {
    organisation: settings.organisationName,
    pattern,
    from: day.format(new Date(`${warning.firstDate}T12:00:00Z`)),
    to: day.format(new Date(`${warning.lastDate}T12:00:00Z`)),
    link: settings.warningUrl?.(warning.id) ?? `${settings.staffAreaUrl}/reports?warning=${warning.id}`,
  };
  return {
    from: settings.from,
    to,
    subject: fill(messages.subject ?? '', values),
    text: fill(messages.body ?? '', values),
  };
}
