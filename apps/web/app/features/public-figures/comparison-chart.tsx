import { FEWER, type PublicCount, WITHHELD } from '@app/core/figures/small-cells';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FigureTable } from './figure-table.tsx';
import { at, scaleTop, useShortCount } from './figure-value.tsx';

export type ComparisonRow = { key: string; label: string; current: PublicCount; previous: PublicCount };

const WIDTH = 360;
const ROW = 58;
const BAR = 13;
const VALUE_ROOM = 44;
export const CURRENT_COLOUR = '#1f4e8c';
export const PREVIOUS_COLOUR = '#9a5200';

/**
 * Two periods side by side, one row per province or type: a solid blue bar for the period shown and
 * a hatched orange one for the period before, each labelled with its figure, so that neither colour
 * nor pattern alone carries the meaning. Then the same figures as a table. The charts side by side
 * share one legend of "fewer than k" and withheld, after them.
 */
export function ComparisonChart({
  title,
  corner,
  rows,
  currentLabel,
  previousLabel,
  threshold,
}: {
  title: string;
  corner: string;
  rows: ComparisonRow[];
  currentLabel: string;
  previousLabel: string;
  threshold: number;
}) {
  const { t, language } = useTranslation();
  const id = useId();
  const isRtl = language === 'he' || language === 'yi';
  const short = useShortCount(threshold);
  const top = scaleTop(
    rows.flatMap((row) => [row.current, row.previous]),
    threshold,
  );
  const length = (count: PublicCount) =>
    count === WITHHELD || count === 0
      ? 0
      : at(((WIDTH - 8 - VALUE_ROOM) * (count === FEWER ? threshold - 1 : count)) / top);
  const start = isRtl ? WIDTH - 4 : 4;
  const bar = (count: PublicCount, y: number, fill: string, stroke: string) => {
    const size = length(count);
    return (
      <>
        {size > 0 && (
          <rect x={isRtl ? at(start - size) : start} y={y} width={size} height={BAR} fill={fill} stroke={stroke} />
        )}
        <text
          x={isRtl ? at(start - size - 5) : at(start + size + 5)}
          y={y + BAR - 1}
          fontSize="13"
          textAnchor="start"
          fill="#1d232a"
        >
          {short(count)}
        </text>
      </>
    );
  };
  const height = rows.length * ROW + 4;
  return (
    <figure className="figure" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="figure__title">
        {title}
      </figcaption>
      <ul className="figure-key">
        <li>
          <svg viewBox="0 0 16 16" aria-hidden="true" className="figure-key__swatch">
            <rect x="1" y="1" width="14" height="14" fill={CURRENT_COLOUR} />
          </svg>
          {currentLabel}
        </li>
        <li>
          <svg viewBox="0 0 16 16" aria-hidden="true" className="figure-key__swatch">
            <defs>
              <pattern id={`${id}-k`} width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="4" height="4" fill="#fff" />
                <line x1="0" y1="0" x2="0" y2="4" stroke={PREVIOUS_COLOUR} strokeWidth="2" />
              </pattern>
            </defs>
            <rect x="1" y="1" width="14" height="14" fill={`url(#${id}-k)`} stroke={PREVIOUS_COLOUR} />
          </svg>
          {previousLabel}
        </li>
      </ul>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        className="figure-svg figure-svg--rows"
      >
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>
          {t('figures.comparisonDescription', { current: currentLabel, previous: previousLabel })}
        </desc>
        <defs>
          <pattern id={`${id}-p`} width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="5" height="5" fill="#fff" />
            <line x1="0" y1="0" x2="0" y2="5" stroke={PREVIOUS_COLOUR} strokeWidth="2.5" />
          </pattern>
          <pattern id={`${id}-f`} width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
            <rect width="4" height="4" fill="#fff" />
            <line x1="0" y1="0" x2="0" y2="4" stroke={CURRENT_COLOUR} strokeWidth="2" />
          </pattern>
        </defs>
        {rows.map((row, index) => {
          const y = index * ROW + 4;
          return (
            <g key={row.key}>
              <text x={start} y={y + 14} fontSize="15" textAnchor="start" fill="#1d232a">
                {row.label}
              </text>
              {bar(row.current, y + 21, row.current === FEWER ? `url(#${id}-f)` : CURRENT_COLOUR, CURRENT_COLOUR)}
              {bar(row.previous, y + 21 + BAR + 3, `url(#${id}-p)`, PREVIOUS_COLOUR)}
            </g>
          );
        })}
      </svg>
      <FigureTable
        title={title}
        corner={corner}
        columns={[currentLabel, previousLabel]}
        rows={rows.map((row) => ({ key: row.key, label: row.label, counts: [row.current, row.previous] }))}
        threshold={threshold}
      />
    </figure>
  );
}
