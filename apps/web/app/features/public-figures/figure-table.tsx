import type { PublicCount } from '@app/core/figures/small-cells';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FigureValue } from './figure-value.tsx';

export type FigureRow = { key: string; label: string; counts: PublicCount[] };

/**
 * The figures of a chart as a table: a region that scrolls sideways on a phone and that the
 * keyboard reaches (it is focusable), with row and column headers for screen readers.
 */
export function FigureTable({
  title,
  corner,
  columns,
  rows,
  totals,
  threshold,
}: {
  title: string;
  corner: string;
  columns: string[];
  rows: FigureRow[];
  /** A last row of totals, under a rule. */
  totals?: FigureRow;
  threshold: number;
}) {
  const { t } = useTranslation();
  const row = (item: FigureRow) => (
    <tr key={item.key}>
      <th scope="row">{item.label}</th>
      {item.counts.map((count, index) => (
        <td key={columns[index]}>
          <FigureValue count={count} threshold={threshold} />
        </td>
      ))}
    </tr>
  );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <section className="figure-table" aria-label={t('figures.table', { title })} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{corner}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
        {totals && <tfoot>{row(totals)}</tfoot>}
      </table>
    </section>
  );
}
