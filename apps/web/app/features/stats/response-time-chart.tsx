import type { ResponseTimeMonth } from '@app/core/figures/stats-api';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useTranslation } from '../../i18n/use-translation.ts';
import { TableScroll } from '../../shared/staff/table-scroll.tsx';
import { ChartFigure } from './chart-figure.tsx';

// The median a lighter amber, the 90th percentile a dark brown: both at least 3:1 against the
// page, and told apart by the legend and the table as well as by colour.
const MEDIAN_COLOUR = '#b26a00';
const P90_COLOUR = '#5c3600';
const LABEL_WIDTH = 110;
const ROW_HEIGHT = 40;
const LEGEND_ROW = 22;

/**
 * The time to first response by month, drawn as SVG on the server (readable without JavaScript):
 * for each month a bar for the median and one for the 90th percentile, in working days, and a
 * dashed line at the promise. The table under it holds every figure, for everyone.
 */
export function ResponseTimeChart({
  months,
  promise,
  monthLabel,
  decimal,
  number,
  percent,
}: {
  months: ResponseTimeMonth[];
  promise: number;
  monthLabel: (key: string) => string;
  /** Working days with one decimal, as this language writes them. */
  decimal: (value: number) => string;
  number: (value: number) => string;
  percent: (count: number, total: number) => string;
}) {
  const { t, language } = useTranslation();
  const isRtl = language === 'he' || language === 'yi';
  const title = t('stats.responseTimes.chartTitle');
  const width = 640;
  const legendHeight = 3 * LEGEND_ROW + 8;
  const height = Math.max(1, months.length) * ROW_HEIGHT + legendHeight + 8;
  const max = Math.max(1, promise, ...months.map((month) => month.p90WorkingDays ?? 0));
  const chartWidth = width - LABEL_WIDTH - 56;
  const x = scaleLinear<number>({ domain: [0, max], range: [0, chartWidth] });
  const y = scaleBand<string>({
    domain: months.map((month) => month.month),
    range: [legendHeight + 4, height - 4],
    padding: 0.15,
  });
  // Right to left, the labels stand on the right and the bars grow leftwards.
  const barStart = isRtl ? width - LABEL_WIDTH : LABEL_WIDTH;
  const along = (value: number) => (isRtl ? barStart - x(value) : barStart + x(value));
  const promiseX = along(promise);
  const legend = [
    { colour: MEDIAN_COLOUR, label: t('stats.responseTimes.median') },
    { colour: P90_COLOUR, label: t('stats.responseTimes.p90') },
    { colour: undefined, label: t('stats.responseTimes.promiseLine', { count: promise }) },
  ];
  const within = (month: ResponseTimeMonth) =>
    month.judged
      ? t('stats.shareValue', {
          count: number(month.withinPromise),
          total: number(month.judged),
          percent: percent(month.withinPromise, month.judged),
        })
      : t('stats.responseTimes.notYet');
  return (
    <ChartFigure
      title={title}
      width={width}
      height={height}
      wide
      drawing={
        <>
          {legend.map((entry, index) => {
            // One line each: the labels are long in some languages.
            const rowY = 6 + index * LEGEND_ROW;
            const start = isRtl ? width - 8 : 8;
            return (
              <g key={entry.label}>
                {entry.colour ? (
                  <rect x={isRtl ? start - 14 : start} y={rowY} width={14} height={14} fill={entry.colour} rx={2} />
                ) : (
                  <line
                    x1={start + (isRtl ? -7 : 7)}
                    x2={start + (isRtl ? -7 : 7)}
                    y1={rowY - 1}
                    y2={rowY + 15}
                    stroke="#1f1f1f"
                    strokeWidth={1.5}
                    strokeDasharray="4 3"
                  />
                )}
                <text
                  x={isRtl ? start - 22 : start + 22}
                  y={rowY + 7}
                  dominantBaseline="middle"
                  fontSize={13}
                  textAnchor={isRtl ? 'end' : 'start'}
                >
                  {entry.label}
                </text>
              </g>
            );
          })}
          {months.map((month) => {
            const rowY = y(month.month) ?? 0;
            const half = y.bandwidth() / 2;
            const bars = [
              { value: month.medianWorkingDays, colour: MEDIAN_COLOUR, offset: 0 },
              { value: month.p90WorkingDays, colour: P90_COLOUR, offset: half },
            ];
            return (
              <g key={month.month}>
                {bars.map((bar) => {
                  const length = bar.value === null ? 0 : x(bar.value);
                  const middle = rowY + bar.offset + half / 2;
                  return (
                    <g key={bar.colour}>
                      <Bar
                        x={isRtl ? barStart - length : barStart}
                        y={rowY + bar.offset + 1}
                        width={length}
                        height={half - 2}
                        fill={bar.colour}
                        rx={2}
                      />
                      <text
                        x={isRtl ? barStart - length - 6 : barStart + length + 6}
                        y={middle}
                        dominantBaseline="middle"
                        fontSize={12}
                        textAnchor={isRtl ? 'end' : 'start'}
                      >
                        {bar.value === null ? '–' : decimal(bar.value)}
                      </text>
                    </g>
                  );
                })}
                <text
                  x={isRtl ? width - 4 : LABEL_WIDTH - 8}
                  y={rowY + half}
                  dominantBaseline="middle"
                  fontSize={13}
                  textAnchor="end"
                >
                  {monthLabel(month.month)}
                </text>
              </g>
            );
          })}
          <line
            x1={promiseX}
            x2={promiseX}
            y1={legendHeight}
            y2={height - 2}
            stroke="#1f1f1f"
            strokeWidth={1.5}
            strokeDasharray="5 4"
          />
        </>
      }
    >
      <TableScroll label={title}>
        <table className="staff-table stats-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stats.responseTimes.month')}</th>
              <th scope="col">{t('stats.responseTimes.received')}</th>
              <th scope="col">{t('stats.responseTimes.answered')}</th>
              <th scope="col">{t('stats.responseTimes.median')}</th>
              <th scope="col">{t('stats.responseTimes.p90')}</th>
              <th scope="col">{t('stats.responseTimes.withinPromise', { count: promise })}</th>
              <th scope="col">{t('stats.responseTimes.waiting')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                <td>{number(month.received)}</td>
                <td>{number(month.answered)}</td>
                <td>{month.medianWorkingDays === null ? '–' : decimal(month.medianWorkingDays)}</td>
                <td>{month.p90WorkingDays === null ? '–' : decimal(month.p90WorkingDays)}</td>
                <td>{within(month)}</td>
                <td>{number(month.waiting)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </ChartFigure>
  );
}
