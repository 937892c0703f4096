/**
 * One CSV cell: quoted when needed, and a leading =, +, - or @ neutralised so that a spreadsheet
 * never runs it as a formula (OWASP: CSV injection).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to CSV text with CRLF line ends, and a BOM so that spreadsheets read UTF-8 correctly. */
export function toCsv(rows: (string | number | boolean | null | undefined)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
