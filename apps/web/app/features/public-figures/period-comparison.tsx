import { FIGURE_CATEGORIES, type PeriodFigures } from '@app/core/figures/public-figures';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ComparisonChart } from './comparison-chart.tsx';
import { categoryRows, provinceRows, typeRows } from './periods.ts';

/**
 * A period beside the one before it, side by side: by province, by type and by the staff's category
 * (decision 0054). The page puts the one legend of "fewer than k" and withheld after them.
 */
export function PeriodComparison({
  figures: { current, previous, threshold },
  labels: [currentLabel, previousLabel],
}: {
  figures: { current: PeriodFigures; previous: PeriodFigures; threshold: number };
  /** How the page names the two periods. */
  labels: [current: string, previous: string];
}) {
  const { t } = useTranslation();
  const charts = [
    {
      key: 'province',
      title: 'figures.provinceTitle',
      corner: 'figures.province',
      rows: provinceRows(current, previous, t),
    },
    {
      key: 'type',
      title: 'figures.typeTitle',
      corner: 'figures.type',
      rows: typeRows(current, previous, INCIDENT_TYPES, t),
    },
    {
      key: 'category',
      title: 'figures.categoryTitle',
      corner: 'figures.category',
      rows: categoryRows(current, previous, FIGURE_CATEGORIES, t),
    },
  ];
  return (
    <div className="figure-pair">
      {charts.map((chart) => (
        <ComparisonChart
          key={chart.key}
          title={t(chart.title, { current: currentLabel, previous: previousLabel })}
          corner={t(chart.corner)}
          rows={chart.rows}
          currentLabel={currentLabel}
          previousLabel={previousLabel}
          threshold={threshold}
        />
      ))}
    </div>
  );
}
