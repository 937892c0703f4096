import { TableScroll } from '../table-scroll.tsx';

/** One column of a staff table: its heading and what each row shows in it. */
export type Column<Row> = {
  header: string;
  cell(row: Row): React.ReactNode;
  /** The cell that names the row (`<th scope="row">`), usually the link to open it. */
  isRowHeader?: boolean;
  className?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
};

/**
 * A staff table, scrollable sideways on a phone, or a sentence when there is nothing to show.
 * `label` names the scrolling region; `caption` repeats it for screen readers inside the table;
 * `labelledBy` names the table after a heading instead. `stacked`: on a phone each row is a block
 * of its cells, each under its column's heading, instead of a table to scroll sideways (for the
 * short tables of a page that holds other things, such as the dashboard's latest items).
 */
export function DataTable<Row>({
  label,
  caption,
  labelledBy,
  columns,
  rows,
  rowKey,
  rowClassName,
  empty,
  stacked = false,
}: {
  label: string;
  caption?: boolean;
  labelledBy?: string;
  // The rows alone say what a row is; a column may read fewer of its fields (shared/staff/list/columns.ts).
  columns: Column<NoInfer<Row>>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  rowClassName?(row: Row): string | undefined;
  /** Shown instead of the table when there are no rows. */
  empty?: string;
  stacked?: boolean;
}) {
  if (rows.length === 0 && empty !== undefined) return <p>{empty}</p>;
  return (
    <TableScroll label={label}>
      <table className={stacked ? 'staff-table staff-table--stacked' : 'staff-table'} aria-labelledby={labelledBy}>
        {caption && <caption className="visually-hidden">{label}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) =>
                column.isRowHeader ? (
                  <th key={column.header} scope="row" data-label={stacked ? column.header : undefined}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    className={column.className}
                    dir={column.dir}
                    data-label={stacked ? column.header : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
