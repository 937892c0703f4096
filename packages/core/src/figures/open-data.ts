import type { IncidentCategory } from '../casework/classification.ts';
import type { FigureCategory, PublicFigures } from './public-figures.ts';
import { FEWER, type PublicCount, WITHHELD } from './small-cells.ts';

/**
 * The open data files (decision 0022): the same protected cells as the pages, one row per cell,
 * with fixed codes and their names in the file's language. A hidden count has no number: its
 * status says why.
 */
export type OpenDataStatus = 'exact' | 'fewer_than_k' | 'withheld';
export type OpenDataRow = Record<string, string | number | null>;

export type OpenDataLabels = {
  type(code: string): string;
  province(code: string): string;
  /** A staff category's name (decision 0054). */
  category(code: string): string;
  total: string;
};

/**
 * Each staff category as CST (UK) and RIAS (Germany) name it, one to one (decision 0044). The
 * files and the open data page carry these names as they are, in English and German, in every
 * language: they are the other monitors' own terms, for whoever sets the figures side by side.
 */
export const CATEGORY_EQUIVALENTS: Record<IncidentCategory, { cst: string; rias: string }> = {
  extreme_violence: { cst: 'Extreme Violence', rias: 'Extreme Gewalt' },
  assault: { cst: 'Assault', rias: 'Angriff' },
  damage_desecration: { cst: 'Damage and Desecration of Property', rias: 'Gezielte Sachbeschädigung' },
  threats: { cst: 'Threats', rias: 'Bedrohung' },
  abusive_behaviour: { cst: 'Abusive Behaviour', rias: 'Verletzendes Verhalten' },
  literature: { cst: 'Literature', rias: 'Massenzuschriften' },
};

/** The CST and RIAS names of a category; none for `unclassified`. */
export const equivalentsOf = (category: FigureCategory) =>
  category === 'unclassified' ? { cst: null, rias: null } : CATEGORY_EQUIVALENTS[category];

function countAndStatus(count: PublicCount): { count: number | null; status: OpenDataStatus } {
  if (count === FEWER) return { count: null, status: 'fewer_than_k' };
  if (count === WITHHELD) return { count: null, status: 'withheld' };
  return { count, status: 'exact' };
}

function lastDay(month: string, asOf: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
  return end < asOf ? end : asOf;
}

export const MONTHLY_COLUMNS = ['as_of', 'month', 'from', 'to', 'type', 'type_label', 'count', 'status'] as const;
export const PROVINCE_COLUMNS = [
  'as_of',
  'year',
  'from',
  'to',
  'province',
  'province_label',
  'type',
  'type_label',
  'count',
  'status',
] as const;

export const CATEGORY_COLUMNS = [
  'as_of',
  'year',
  'from',
  'to',
  'category',
  'category_label',
  'cst_category',
  'rias_category',
  'count',
  'status',
] as const;

/** One row per month and type, and per month's total (type `total`). */
export function monthlyRows(figures: PublicFigures, labels: OpenDataLabels): OpenDataRow[] {
  return figures.months.flatMap((month) =>
    [...figures.types, 'total'].map((type, index) => ({
      as_of: figures.asOf,
      month: month.month,
      from: `${month.month}-01`,
      to: lastDay(month.month, figures.asOf),
      type,
      type_label: type === 'total' ? labels.total : labels.type(type),
      ...countAndStatus(index < figures.types.length ? (month.byType[index] ?? 0) : month.total),
    })),
  );
}

/** One row per year, province and type, with the province totals, the type totals and the year's total. */
export function provinceRows(figures: PublicFigures, labels: OpenDataLabels): OpenDataRow[] {
  return figures.years.flatMap((year) => {
    const lines = [...year.provinces, { province: 'total', byType: year.byType, total: year.total }];
    return lines.flatMap((line) =>
      [...figures.types, 'total'].map((type, index) => ({
        as_of: figures.asOf,
        year: year.year,
        from: year.from,
        to: year.to,
        province: line.province,
        province_label: line.province === 'total' ? labels.total : labels.province(line.province),
        type,
        type_label: type === 'total' ? labels.total : labels.type(type),
        ...countAndStatus(index < figures.types.length ? (line.byType[index] ?? 0) : line.total),
      })),
    );
  });
}

/**
 * One row per year and staff category (decision 0054), with the year's total (category `total`):
 * the same cells as the yearly page's table by category.
 */
export function categoryRows(figures: PublicFigures, labels: OpenDataLabels): OpenDataRow[] {
  return figures.years.flatMap((year) =>
    [...figures.categories, 'total' as const].map((category, index) => {
      const equivalent = category === 'total' ? { cst: null, rias: null } : equivalentsOf(category);
      return {
        as_of: figures.asOf,
        year: year.year,
        from: year.from,
        to: year.to,
        category,
        category_label: category === 'total' ? labels.total : labels.category(category),
        cst_category: equivalent.cst,
        rias_category: equivalent.rias,
        ...countAndStatus(index < figures.categories.length ? (year.byCategory[index] ?? 0) : year.total),
      };
    }),
  );
}

/**
 * What the categories file says of each category beside its rows: the code, its name and what it
 * covers in the file's language, and its CST and RIAS names.
 */
export function categoryDocumentation(
  figures: Pick<PublicFigures, 'categories'>,
  words: { label(code: string): string; description(code: string): string },
) {
  return figures.categories.map((category) => ({
    code: category,
    label: words.label(category),
    description: words.description(category),
    ...equivalentsOf(category),
  }));
}

const csvField = (value: string | number | null) => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
};

/** RFC 4180: a header line, CRLF line ends, fields quoted where needed. */
export function toCsv(columns: readonly string[], rows: OpenDataRow[]): string {
  return [columns, ...rows.map((row) => columns.map((column) => row[column] ?? null))]
    .map((fields) => fields.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/** Reads back what `toCsv` wrote (for tests and for anyone checking a download). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  return rows;
}
