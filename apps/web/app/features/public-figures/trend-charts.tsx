import type { MonthFigures } from '@app/core/figures/public-figures';
import { FEWER, WITHHELD } from '@app/core/figures/small-cells';
import type { IncidentType } from '@app/core/forms/incident-types';
import { useId } from 'react';
import { formatMonth } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FigureTable } from './figure-table.tsx';
import { at, ProtectionLegend, scaleTop, useShortCount } from './figure-value.tsx';

const WIDTH = 300;
const PLOT_TOP = 6;
const BASELINE = 86;
const HEIGHT = 104;

// SVG text follows the page's direction (inherited), so `start` is the reading start: the right
// edge on a Hebrew or Yiddish page.

/**
 * The monthly trend as small multiples: one bar chart per type of incident, all on one scale,
 * drawn as SVG on the server; then the same figures as a table. A count below k is a hatched bar
 * as high as k − 1 (it stands for a range, not a value); a withheld count is a cross.
 */
export function TrendCharts({
  months,
  types,
  threshold,
  title,
  running,
}: {
  months: MonthFigures[];
  types: readonly IncidentType[];
  threshold: number;
  title: string;
  /** The month under way (YYYY-MM), which is not broken down until it is over. */
  running?: string;
}) {
  const { t, language } = useTranslation();
  const id = useId();
  const isRtl = language === 'he' || language === 'yi';
  const top = scaleTop(
    months.flatMap((month) => month.byType),
    threshold,
  );
  const short = useShortCount(threshold);
  const first = months[0]?.month ?? '';
  const last = months.at(-1)?.month ?? '';
  const slot = (WIDTH - 8) / Math.max(1, months.length);
  const barWidth = at(slot * 0.7);
  const xOf = (index: number) =>
    at(isRtl ? WIDTH - 4 - (index + 1) * slot + slot * 0.15 : 4 + index * slot + slot * 0.15);
  const heightOf = (value: number) => at(((BASELINE - PLOT_TOP) * value) / top);
  const description = t('figures.trendDescription', {
    from: formatMonth(first, language, 'long'),
    to: formatMonth(last, language, 'long'),
    k: threshold,
  });
  return (
    <figure className="figure" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="figure__title">
        {title}
      </figcaption>
      <p className="figure__note" id={`${id}-d`}>
        {description} {t('figures.scaleMax', { max: top })}
      </p>
      {/* The hatching of every panel, defined once for the page (patterns are found document-wide). */}
      <svg width="0" height="0" aria-hidden="true" className="figure-defs">
        <defs>
          <pattern id={`${id}-h`} width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="4" height="4" fill="#fff" />
            <line x1="0" y1="0" x2="0" y2="4" stroke="#1f4e8c" strokeWidth="2" />
          </pattern>
        </defs>
      </svg>
      <div className="figure-panels">
        {types.map((type, column) => {
          const label = t(`incidentTypes.${type}.label`);
          return (
            <div key={type} className="figure-panel">
              <p className="figure-panel__title" aria-hidden="true">
                {label}
              </p>
              <svg
                viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
                role="img"
                aria-labelledby={`${id}-${type}-t`}
                aria-describedby={`${id}-d`}
                className="figure-svg"
              >
                <title id={`${id}-${type}-t`}>{label}</title>
                <line x1="2" x2={WIDTH - 2} y1={BASELINE} y2={BASELINE} stroke="#4a5560" />
                {months.map((month, index) => {
                  const count = month.byType[column] ?? 0;
                  const x = xOf(index);
                  if (count === WITHHELD) {
                    return (
                      <text
                        key={month.month}
                        x={at(x + barWidth / 2)}
                        y={BASELINE - 3}
                        fontSize="11"
                        textAnchor="middle"
                        fill="#1d232a"
                      >
                        {short(count)}
                      </text>
                    );
                  }
                  if (count === 0) return null;
                  const height = heightOf(count === FEWER ? threshold - 1 : count);
                  return (
                    <rect
                      key={month.month}
                      x={x}
                      y={at(BASELINE - height)}
                      width={barWidth}
                      height={height}
                      fill={count === FEWER ? `url(#${id}-h)` : '#1f4e8c'}
                      stroke={count === FEWER ? '#1f4e8c' : undefined}
                    />
                  );
                })}
                <text x={isRtl ? WIDTH - 2 : 2} y={HEIGHT - 2} fontSize="12" textAnchor="start" fill="#1d232a">
                  {formatMonth(first, language)}
                </text>
                <text x={isRtl ? 2 : WIDTH - 2} y={HEIGHT - 2} fontSize="12" textAnchor="end" fill="#1d232a">
                  {formatMonth(last, language)}
                </text>
              </svg>
            </div>
          );
        })}
      </div>
      <ProtectionLegend threshold={threshold} />
      {running && (
        <p className="figure__note">{t('figures.runningMonth', { month: formatMonth(running, language, 'long') })}</p>
      )}
      <FigureTable
        title={title}
        corner={t('figures.month')}
        columns={[...types.map((type) => t(`incidentTypes.${type}.label`)), t('figures.total')]}
        rows={[...months].reverse().map((month) => ({
          key: month.month,
          label: formatMonth(month.month, language),
          counts: [...month.byType, month.total],
        }))}
        threshold={threshold}
      />
    </figure>
  );
}
