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
 * `labelledBy` names the table after a heading instead.
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
}) {
  if (rows.length === 0 && empty !== undefined) return <p>{empty}</p>;
  return (
    <TableScroll label={label}>
      <table className="staff-table" aria-labelledby={labelledBy}>
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
                  <th key={column.header} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.className} dir={column.dir}>
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
