import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatNumber } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ChartFigure } from './chart-figure.tsx';

export type BarDatum = { label: string; count: number };

/** Counts by key, as the statistics give them, for a chart: each key named by `label`. */
export function byKey<Entry extends { key: string; count: number }>(
  counts: readonly Entry[],
  label: (key: string, entry: Entry) => string,
): BarDatum[] {
  return counts.map((entry) => ({ label: label(entry.key, entry), count: entry.count }));
}

const BAR_COLOUR = '#b26a00';
const LABEL_WIDTH = 170;
const ROW_HEIGHT = 28;

/**
 * A horizontal bar chart drawn as SVG on the server (readable without JavaScript), followed by
 * the same figures as a table: the chart is for the eye, the table for everyone.
 */
export function BarChart({
  title,
  data,
  numberFormat,
  categoryLabel,
  countLabel,
}: {
  title: string;
  data: BarDatum[];
  /** How a count is written: the page's language's numbers unless given. */
  numberFormat?: (value: number) => string;
  /** The first column's heading in the table: "Category" unless given. */
  categoryLabel?: string;
  /** The second column's heading: "Incidents" unless given. */
  countLabel?: string;
}) {
  const { t, language } = useTranslation();
  const written = numberFormat ?? ((value: number) => formatNumber(value, language));
  const isRtl = language === 'he' || language === 'yi';
  const width = 640;
  const height = Math.max(1, data.length) * ROW_HEIGHT + 8;
  const max = Math.max(1, ...data.map((datum) => datum.count));
  const chartWidth = width - LABEL_WIDTH - 48;
  const x = scaleLinear<number>({ domain: [0, max], range: [0, chartWidth] });
  const y = scaleBand<string>({ domain: data.map((datum) => datum.label), range: [4, height - 4], padding: 0.2 });
  return (
    <ChartFigure
      title={title}
      width={width}
      height={height}
      drawing={data.map((datum) => {
        const barY = y(datum.label) ?? 0;
        const barWidth = x(datum.count);
        // Right to left, the labels stand on the right and the bars grow leftwards.
        const barX = isRtl ? width - LABEL_WIDTH - barWidth : LABEL_WIDTH;
        const middle = barY + y.bandwidth() / 2;
        return (
          <g key={datum.label}>
            <Bar x={barX} y={barY} width={barWidth} height={y.bandwidth()} fill={BAR_COLOUR} rx={3} />
            <text
              x={isRtl ? barX - 6 : barX + barWidth + 6}
              y={middle}
              dominantBaseline="middle"
              fontSize={13}
              textAnchor={isRtl ? 'end' : 'start'}
            >
              {written(datum.count)}
            </text>
            <text
              x={isRtl ? width - 4 : LABEL_WIDTH - 8}
              y={middle}
              dominantBaseline="middle"
              fontSize={13}
              textAnchor="end"
            >
              {datum.label.length > 24 ? `${datum.label.slice(0, 23)}…` : datum.label}
            </text>
          </g>
        );
      })}
    >
      <table className="staff-table stats-table">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel ?? t('stats.category')}</th>
            <th scope="col">{countLabel ?? t('stats.count')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((datum) => (
            <tr key={datum.label}>
              <th scope="row">{datum.label}</th>
              <td>{written(datum.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ChartFigure>
  );
}
