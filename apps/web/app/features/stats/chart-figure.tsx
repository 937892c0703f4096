import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * A staff chart's frame: the figure and its caption, the SVG drawing (`drawing`, in a `width` ×
 * `height` view box) and what follows it (`children`: the same figures as a table).
 */
export function ChartFigure({
  title,
  width,
  height,
  wide = false,
  drawing,
  children,
}: {
  title: string;
  width: number;
  height: number;
  wide?: boolean;
  drawing: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <figure className={wide ? 'stats-chart stats-chart--wide' : 'stats-chart'} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="stats-chart__title">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('stats.chartLabel', { title })}
        className="stats-chart__svg"
        // The positions are worked out left to right, mirrored by each chart for Hebrew and Yiddish:
        // the anchors must not flip again with the page's direction, or the labels run off the edge.
        direction="ltr"
      >
        {drawing}
      </svg>
      {children}
    </figure>
  );
}
