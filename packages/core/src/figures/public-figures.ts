import type { IncidentCategory } from '../casework/classification.ts';
import { PROVINCES, type Province } from '../casework/statuses.ts';
import { INCIDENT_TYPES, type IncidentType } from '../forms/incident-types.ts';
import type { PublicCount } from './small-cells.ts';

/**
 * The public figures (decision 0022): counts of verified incidents by month and type, and by year,
 * province and type, each cell protected by the small-cell rule before it leaves the server. A
 * count is a `PublicCount`: the figure, or FEWER (−1, "fewer than k") or WITHHELD (−2).
 */

/** Where a verified incident happened; `unknown` for the rare old report verified without a place. */
export type FigureProvince = Province | 'unknown';
export const FIGURE_PROVINCES: readonly FigureProvince[] = [...PROVINCES, 'unknown'];

/**
 * The staff's category of a counted incident (decisions 0044 and 0054), comparable with CST's;
 * `unclassified` for an incident verified before categories existed (migration 0029), which keeps
 * counting until staff classify it (decision 0044), as the province's `unknown` does.
 */
export type FigureCategory = IncidentCategory | 'unclassified';
/**
 * INCIDENT_CATEGORIES and `unclassified`, written out rather than spread from the classification's
 * module, so that the pages' browser code does not load that module for a list (the test checks
 * that both agree).
 */
export const FIGURE_CATEGORIES = [
  'extreme_violence',
  'assault',
  'damage_desecration',
  'threats',
  'abusive_behaviour',
  'literature',
  'unclassified',
] as const satisfies readonly FigureCategory[];

export const categoryOf = (value: string | null): FigureCategory =>
  (FIGURE_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as FigureCategory) : 'unclassified';

/** How many months the trend on /incidents shows. */
export const TREND_MONTHS = 24;

export type MonthFigures = { month: string; byType: PublicCount[]; total: PublicCount };
export type ProvinceFigures = { province: FigureProvince; byType: PublicCount[]; total: PublicCount };
/** One period's breakdown: a calendar year (to `to`, for the current year), or the same days of the year before. */
export type PeriodFigures = {
  year: number;
  from: string;
  to: string;
  byType: PublicCount[];
  /** In FIGURE_CATEGORIES order: the same total by the staff's category (decision 0054). */
  byCategory: PublicCount[];
  total: PublicCount;
  /** Every province with at least one incident in the period, in PROVINCES order (`unknown` last). */
  provinces: ProvinceFigures[];
};

export type PublicFigures = {
  /** Belgium's date the figures were computed on; they hold incidents dated up to that day. */
  asOf: string;
  threshold: number;
  /** The column order of every `byType`. */
  types: readonly IncidentType[];
  /** The column order of every `byCategory`. */
  categories: readonly FigureCategory[];
  /** Every month from January of the first year with an incident to the last one that is over. */
  months: MonthFigures[];
  /** Every calendar year with at least one incident, oldest first; the current one up to `asOf`. */
  years: PeriodFigures[];
  /** The current year's days in the year before (1 January to the same date), for comparison. */
  samePeriodLastYear: PeriodFigures;
};

/** The counts as the database groups them, before any protection. */
export type RawFigures = {
  asOf: string;
  byMonth: { month: string; type: string; count: number }[];
  byYear: { year: number; province: string | null; type: string; count: number }[];
  samePeriodLastYear: { province: string | null; type: string; count: number }[];
  /** By year and staff category (null: not classified), and the same for the same days of last year. */
  byYearCategory: { year: number; category: string | null; count: number }[];
  samePeriodLastYearByCategory: { category: string | null; count: number }[];
};

export const provinceOf = (value: string | null): FigureProvince =>
  (PROVINCES as readonly string[]).includes(value ?? '') ? (value as Province) : 'unknown';

/** Every month from `first` to `last` (YYYY-MM), in order. */
export function monthRange(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = last.split('-').map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The same calendar day a year earlier (29 February becomes 28 February). */
export function sameDayLastYear(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return `${year - 1}-${String(month).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}

/**
 * Builds the one lattice of every public cell with the relations that tie them (so that the
 * complementary cells are chosen once for all pages and files), protects it and returns the public
 * figures. The months, the years and the province tables share cells: a year's count of a type is
 * both the sum of its months and the sum of its provinces.
 */
function emptyPeriod(year: number, from: string, to: string): PeriodFigures {
  return {
    year,
    from,
    to,
    byType: INCIDENT_TYPES.map(() => 0),
    byCategory: FIGURE_CATEGORIES.map(() => 0),
    total: 0,
    provinces: [],
  };
}

/** A period's totals only: what the charts of /incidents draw (the page sends nothing more). */
function totalsOnly(period: PeriodFigures): PeriodFigures {
  return { ...period, provinces: period.provinces.map((row) => ({ ...row, byType: [] })) };
}

/** What /incidents shows: the last 24 months, this year so far and the same days of last year. */
export function overviewFigures(figures: PublicFigures) {
  const thisYear = Number(figures.asOf.slice(0, 4));
  const current = figures.years.find((period) => period.year === thisYear);
  return {
    asOf: figures.asOf,
    threshold: figures.threshold,
    months: figures.months.slice(-TREND_MONTHS),
    current: totalsOnly(current ?? emptyPeriod(thisYear, `${thisYear}-01-01`, figures.asOf)),
    previous: totalsOnly(figures.samePeriodLastYear),
    years: figures.years.map((period) => period.year),
  };
}
export type OverviewFigures = ReturnType<typeof overviewFigures>;

/**
 * What a yearly summary shows: the year's months and breakdown, and the year before to compare
 * with (for the current year, the same days of the year before). Undefined for a year without
 * verified incidents.
 */
export function yearFigures(figures: PublicFigures, year: number) {
  const period = figures.years.find((candidate) => candidate.year === year);
  if (!period) return undefined;
  const isCurrent = year === Number(figures.asOf.slice(0, 4));
  const previous = isCurrent
    ? figures.samePeriodLastYear
    : (figures.years.find((candidate) => candidate.year === year - 1) ??
      emptyPeriod(year - 1, `${year - 1}-01-01`, `${year - 1}-12-31`));
  return {
    asOf: figures.asOf,
    threshold: figures.threshold,
    isCurrent,
    current: period,
    previous,
    months: figures.months.filter((month) => month.month.startsWith(`${year}-`)),
    years: figures.years.map((candidate) => candidate.year),
  };
}
export type YearFigures = NonNullable<ReturnType<typeof yearFigures>>;
