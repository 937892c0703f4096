import { INCIDENT_TYPES } from '../forms/incident-types.ts';
import {
  categoryOf,
  FIGURE_CATEGORIES,
  FIGURE_PROVINCES,
  type FigureProvince,
  monthRange,
  type PeriodFigures,
  type PublicFigures,
  provinceOf,
  type RawFigures,
  sameDayLastYear,
} from './public-figures.ts';
import { protectCells } from './small-cell-protection.ts';
import { type CellState, encodeCell, type Relation } from './small-cells.ts';

/** The cell of a period's count of one staff category (decision 0054): `y:2026:c:assault`, `s:c:threats`. */
export const categoryCell = (prefix: string, category: string) => `${prefix}:c:${category}`;

/**
 * The one lattice of every public cell (counts by month and type, by year, province and type, by
 * year and staff category, and the same days of last year) with the relations that tie the cells
 * together, and the cells that take part in sums but are never shown (the month under way).
 */
export function figureLattice(raw: RawFigures) {
  const values = new Map<string, number>();
  const add = (id: string, count: number) => values.set(id, (values.get(id) ?? 0) + count);
  const thisYear = Number(raw.asOf.slice(0, 4));
  const thisMonth = raw.asOf.slice(0, 7);

  for (const row of raw.byMonth) {
    add(`m:${row.month}:${row.type}`, row.count);
    add(`m:${row.month}:*`, row.count);
  }
  const provincesOfYear = new Map<string, Set<FigureProvince>>();
  const addPeriod = (prefix: string, province: FigureProvince, type: string, count: number) => {
    add(`${prefix}:${province}:${type}`, count);
    add(`${prefix}:${province}:*`, count);
    add(`${prefix}:*:${type}`, count);
    add(`${prefix}:*:*`, count);
    if (count > 0) {
      const seen = provincesOfYear.get(prefix) ?? new Set();
      provincesOfYear.set(prefix, seen.add(province));
    }
  };
  for (const row of raw.byYear) addPeriod(`y:${row.year}`, provinceOf(row.province), row.type, row.count);
  for (const row of raw.samePeriodLastYear) addPeriod('s', provinceOf(row.province), row.type, row.count);
  // The staff's category (decision 0054): a margin of its own, tied to the period's total only. No
  // page or file crosses it with the month, the province or the type, so it takes part in no other sum.
  for (const row of raw.byYearCategory) add(categoryCell(`y:${row.year}`, categoryOf(row.category)), row.count);
  for (const row of raw.samePeriodLastYearByCategory) add(categoryCell('s', categoryOf(row.category)), row.count);

  const years = [...new Set(raw.byYear.filter((row) => row.count > 0).map((row) => row.year))].sort((a, b) => a - b);
  const firstMonth = years.length > 0 ? `${years[0]}-01` : thisMonth;
  const allMonths = monthRange(firstMonth, thisMonth);
  const relations: Relation[] = [];
  for (const month of allMonths) {
    relations.push({ total: `m:${month}:*`, members: INCIDENT_TYPES.map((type) => `m:${month}:${type}`) });
  }
  const periodRelations = (prefix: string) => {
    relations.push({ total: `${prefix}:*:*`, members: INCIDENT_TYPES.map((type) => `${prefix}:*:${type}`) });
    relations.push({ total: `${prefix}:*:*`, members: FIGURE_PROVINCES.map((province) => `${prefix}:${province}:*`) });
    relations.push({
      total: `${prefix}:*:*`,
      members: FIGURE_CATEGORIES.map((category) => categoryCell(prefix, category)),
    });
    for (const province of FIGURE_PROVINCES) {
      relations.push({
        total: `${prefix}:${province}:*`,
        members: INCIDENT_TYPES.map((type) => `${prefix}:${province}:${type}`),
      });
    }
    for (const type of INCIDENT_TYPES) {
      relations.push({
        total: `${prefix}:*:${type}`,
        members: FIGURE_PROVINCES.map((province) => `${prefix}:${province}:${type}`),
      });
    }
  };
  for (const year of years) {
    const prefix = `y:${year}`;
    const months = allMonths.filter((month) => month.startsWith(`${year}-`));
    periodRelations(prefix);
    relations.push({ total: `${prefix}:*:*`, members: months.map((month) => `m:${month}:*`) });
    for (const type of INCIDENT_TYPES) {
      relations.push({ total: `${prefix}:*:${type}`, members: months.map((month) => `m:${month}:${type}`) });
    }
  }
  periodRelations('s');
  // The same days of last year are last year's months before this one plus days of this month's
  // namesake that no page shows on their own: a sum with a part a visitor knows only to be ≥ 0.
  const lastYearMonths = allMonths.filter(
    (month) => month.startsWith(`${thisYear - 1}-`) && month.slice(5) < thisMonth.slice(5),
  );
  // The running month is not broken down until it is over (decision 0022): beside the 30-day count it
  // would tell the type of the last few incidents. It still counts in the year's totals.
  const unpublished = new Set<string>([...INCIDENT_TYPES, '*'].map((type) => `m:${thisMonth}:${type}`));
  for (const type of [...INCIDENT_TYPES, '*']) {
    unpublished.add(`u:${type}`);
    relations.push({
      total: `s:*:${type}`,
      members: [...lastYearMonths.map((month) => `m:${month}:${type}`), `u:${type}`],
    });
  }

  return { values, relations, unpublished, years, allMonths, provincesOfYear };
}

/**
 * The cells of the lattice a listed incident certainly lies in (decision 0047), given what the list
 * shows of it: its type, its province and the days its shown date may be. A reader knows each of
 * them holds at least one incident; a cell it may or may not lie in (a week across two months)
 * tells nothing on its own and is left out. Not the category: the list does not show it.
 */
export function cellsOfListedItem(
  item: { from: string; to: string; incidentType: string; province: string },
  asOf: string,
): string[] {
  const { from, to, incidentType: type, province } = item;
  const cells: string[] = [];
  if (from.slice(0, 7) === to.slice(0, 7)) cells.push(`m:${from.slice(0, 7)}:${type}`, `m:${from.slice(0, 7)}:*`);
  const periodCells = (prefix: string) => [
    `${prefix}:*:*`,
    `${prefix}:*:${type}`,
    `${prefix}:${province}:*`,
    `${prefix}:${province}:${type}`,
  ];
  if (from.slice(0, 4) === to.slice(0, 4)) cells.push(...periodCells(`y:${from.slice(0, 4)}`));
  const lastYear = Number(asOf.slice(0, 4)) - 1;
  if (from >= `${lastYear}-01-01` && to <= sameDayLastYear(asOf)) cells.push(...periodCells('s'));
  return cells;
}

type DecideCells = typeof protectCells;

export function protectFigures(raw: RawFigures, threshold: number, decide: DecideCells = protectCells): PublicFigures {
  const { values, relations, unpublished, years, allMonths, provincesOfYear } = figureLattice(raw);
  const thisYear = Number(raw.asOf.slice(0, 4));
  const thisMonth = raw.asOf.slice(0, 7);
  const states = decide(values, relations, threshold, unpublished);
  const cell = (id: string) => encodeCell(values.get(id) ?? 0, states.get(id));
  const period = (prefix: string, year: number, from: string, to: string): PeriodFigures => ({
    year,
    from,
    to,
    byType: INCIDENT_TYPES.map((type) => cell(`${prefix}:*:${type}`)),
    byCategory: FIGURE_CATEGORIES.map((category) => cell(categoryCell(prefix, category))),
    total: cell(`${prefix}:*:*`),
    provinces: FIGURE_PROVINCES.filter((province) => provincesOfYear.get(prefix)?.has(province)).map((province) => ({
      province,
      byType: INCIDENT_TYPES.map((type) => cell(`${prefix}:${province}:${type}`)),
      total: cell(`${prefix}:${province}:*`),
    })),
  });
  const lastYearDay = sameDayLastYear(raw.asOf);
  return {
    asOf: raw.asOf,
    threshold,
    types: INCIDENT_TYPES,
    categories: FIGURE_CATEGORIES,
    months: allMonths
      .filter((month) => month !== thisMonth)
      .map((month) => ({
        month,
        byType: INCIDENT_TYPES.map((type) => cell(`m:${month}:${type}`)),
        total: cell(`m:${month}:*`),
      })),
    years: years.map((year) =>
      period(`y:${year}`, year, `${year}-01-01`, year === thisYear ? raw.asOf : `${year}-12-31`),
    ),
    samePeriodLastYear: period('s', thisYear - 1, `${thisYear - 1}-01-01`, lastYearDay),
  };
}

/**
 * The figures when the rule could not run to its end (its worker ran out of time or memory, and no
 * earlier protected figures are at hand): every count that is not zero is withheld. A total over a
 * hidden cell is then hidden too, so no hidden count has an upper bound a reader could subtract
 * down to, and none can be worked out; a zero stays zero (decision 0022). More is hidden than the
 * rule would hide, never less.
 */
export function withholdEveryCount(raw: RawFigures, threshold: number): PublicFigures {
  return protectFigures(
    raw,
    threshold,
    (values) =>
      new Map<string, CellState>(
        [...values].filter(([, value]) => value > 0).map(([id]) => [id, 'withheld' as CellState]),
      ),
  );
}
