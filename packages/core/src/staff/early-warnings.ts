import type { IncidentCategory } from '../casework/classification.ts';
import type { IncidentType } from '../forms/incident-types.ts';

/**
 * Early warning (decision 0052): several incidents that look like a pattern, told to coordinators
 * on the dashboard and once by e-mail. Each rule is a closed set; the database refuses any other.
 *
 * - `place-type`: EARLY_WARNING_COUNT incidents or more of one reporter's type in one municipality
 *   whose incident dates fit in EARLY_WARNING_HOURS;
 * - `place-category`: the same, by the staff's category (decision 0044);
 * - `online-address`: one online address (its keyed hash, decision 0043) in
 *   EARLY_WARNING_LINK_COUNT incidents or more within EARLY_WARNING_DAYS;
 * - `tag`: one tag on EARLY_WARNING_LINK_COUNT incidents or more within EARLY_WARNING_DAYS.
 */
export const EARLY_WARNING_RULES = ['place-type', 'place-category', 'online-address', 'tag'] as const;
export type EarlyWarningRule = (typeof EARLY_WARNING_RULES)[number];

/** The defaults of the settings (`.env`): how many, within how long, and the repeat window. */
export const EARLY_WARNING_DEFAULTS = {
  /** Incidents of one type or category in one municipality… */
  placeCount: 3,
  /** …whose dates fit in this many hours (a multiple of 24: an incident's date has no time). */
  placeHours: 72,
  /** Incidents naming one online address or carrying one tag… */
  linkCount: 2,
  /** …within this many days; also how long a warning stays open to new incidents after its last. */
  days: 30,
} as const;

export type EarlyWarningSettings = {
  placeCount: number;
  placeHours: number;
  linkCount: number;
  days: number;
};

/**
 * What an early warning says, wherever it is shown (the dashboard, its e-mail): place, type,
 * category or tag, count and dates; never a word of a report, never the online address itself.
 */
export type EarlyWarningFacts = {
  id: string;
  rule: EarlyWarningRule;
  /** The municipality as staff recorded it (place rules). */
  municipality: string | null;
  incidentType: IncidentType | null;
  category: IncidentCategory | null;
  /** The tag's name in the reader's language is looked up from `tagNames`. */
  tagNames: Record<string, string> | null;
  incidentCount: number;
  /** The first and last incident dates (YYYY-MM-DD). */
  firstDate: string;
  lastDate: string;
};

/**
 * An early warning as the dashboard shows it to coordinators and admins, with the link to the
 * reports list filtered to the warning's incidents (`/internal/reports?warning=<id>`).
 */
export type DashboardEarlyWarning = EarlyWarningFacts & {
  /** The rule's window: hours for the place rules (EARLY_WARNING_HOURS), days for the others (EARLY_WARNING_DAYS). */
  window: number;
  raisedAt: string;
  /** The count a coordinator acknowledged last, 0 if none: a warning that grew since shows again. */
  acknowledgedCount: number;
};

/** The window a rule's sentence names: hours for the place rules, days for an address or a tag. */
export function windowOf(rule: EarlyWarningRule, settings: EarlyWarningSettings): number {
  return rule === 'place-type' || rule === 'place-category' ? settings.placeHours : settings.days;
}

/** The acknowledge form: the count the page showed, so that a grown warning is not acknowledged unseen. */
export type EarlyWarningAcknowledgement = { count: string | number };
