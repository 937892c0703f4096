import { FIGURE_PROVINCES, type FigureCategory, type PeriodFigures } from '@app/core/figures/public-figures';
import type { PublicCount } from '@app/core/figures/small-cells';
import { formatDayOfYear } from '../../i18n/dates.ts';
import type { Translate } from '../../i18n/translator.ts';
import type { ComparisonRow } from './comparison-chart.tsx';

/** "2025" for a whole year, "2026 up to 25 November" for part of one. The year is text: never "2,026". */
export function periodLabel(period: PeriodFigures, t: Translate, language: string): string {
  if (period.to.endsWith('-12-31')) return String(period.year);
  return t('figures.periodTo', { year: String(period.year), date: formatDayOfYear(period.to, language) });
}

/** One row per province present in either period, in the provinces' order; absent means zero. */
export function provinceRows(current: PeriodFigures, previous: PeriodFigures, t: Translate): ComparisonRow[] {
  return FIGURE_PROVINCES.flatMap((province) => {
    const now = current.provinces.find((row) => row.province === province);
    const before = previous.provinces.find((row) => row.province === province);
    if (!now && !before && province === 'unknown') return [];
    return [
      {
        key: province,
        label: t(`figures.provinces.${province}`),
        current: now?.total ?? 0,
        previous: before?.total ?? 0,
      },
    ];
  });
}

/** One row per key of a breakdown (`byType` or `byCategory`), named by `label`. */
function breakdownRows(
  keys: readonly string[],
  current: readonly PublicCount[],
  previous: readonly PublicCount[],
  label: (key: string) => string,
): ComparisonRow[] {
  return keys.map((key, index) => ({
    key,
    label: label(key),
    current: current[index] ?? 0,
    previous: previous[index] ?? 0,
  }));
}

/** One row per type of incident. */
export function typeRows(current: PeriodFigures, previous: PeriodFigures, types: readonly string[], t: Translate) {
  return breakdownRows(types, current.byType, previous.byType, (type) => t(`incidentTypes.${type}.label`));
}

/**
 * One row per staff category (decision 0054), in the categories' order; "not classified" only when
 * either period has any (a shown zero is all it would say).
 */
export function categoryRows(
  current: PeriodFigures,
  previous: PeriodFigures,
  categories: readonly FigureCategory[],
  t: Translate,
): ComparisonRow[] {
  return breakdownRows(categories, current.byCategory, previous.byCategory, (category) =>
    t(`figures.categories.${category}`),
  ).filter((row) => row.key !== 'unclassified' || row.current !== 0 || row.previous !== 0);
}
