import { FEWER, type PublicCount, WITHHELD } from '@app/core/figures/small-cells';
import { formatNumber } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The short text of a protected count, for charts: "12", "<3", "×". */
export function useShortCount(threshold: number) {
  const { t, language } = useTranslation();
  return (count: PublicCount) => {
    // Isolated left to right: "<3" reads the same in a Hebrew table, legend and chart, never "3>".
    if (count === FEWER) return `\u2066${t('figures.fewerShort', { k: threshold })}\u2069`;
    if (count === WITHHELD) return t('figures.withheldShort');
    return formatNumber(count, language);
  };
}

/** A protected count in a table: the figure, or a short sign that screen readers read out in words. */
export function FigureValue({ count, threshold }: { count: PublicCount; threshold: number }) {
  const { t } = useTranslation();
  const short = useShortCount(threshold);
  if (count >= 0) return <>{short(count)}</>;
  const words = count === FEWER ? t('figures.fewer', { k: threshold }) : t('figures.withheld');
  return (
    <>
      <span aria-hidden="true">{short(count)}</span>
      <span className="visually-hidden">{words}</span>
    </>
  );
}

/** What the two signs mean, under every table and chart that may carry them. */
export function ProtectionLegend({ threshold }: { threshold: number }) {
  const { t } = useTranslation();
  const short = useShortCount(threshold);
  return (
    <dl className="figure-legend">
      <div>
        <dt>{short(FEWER)}</dt>
        <dd>{t('figures.legendFewer', { k: threshold })}</dd>
      </div>
      <div>
        <dt>{t('figures.withheldShort')}</dt>
        <dd>{t('figures.legendWithheld')}</dd>
      </div>
    </dl>
  );
}

/** The largest figure shown among these counts, at least k − 1 (the top of a "fewer than k" bar). */
export function scaleTop(counts: readonly PublicCount[], threshold: number): number {
  const max = Math.max(threshold - 1, ...counts);
  // A round top: 1, 2 or 5 times a power of ten.
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? max) as number;
}

/** A number in an SVG coordinate, without needless decimals. */
export const at = (value: number) => Math.round(value * 10) / 10;
