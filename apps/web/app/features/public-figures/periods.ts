import { FIGURE_PROVINCES, type PeriodFigures } from '@app/core/figures/public-figures';
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

/** One row per type of incident. */
export function typeRows(current: PeriodFigures, previous: PeriodFigures, types: readonly string[], t: Translate) {
  return types.map(
    (type, index): ComparisonRow => ({
      key: type,
      label: t(`incidentTypes.${type}.label`),
      current: current.byType[index] ?? 0,
      previous: previous.byType[index] ?? 0,
    }),
  );
}
