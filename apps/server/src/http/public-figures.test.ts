import { parseCsv } from '@app/core/figures/open-data';
import { todayInBelgium } from '@app/core/site/dates';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCaseworkByHand } from '../test/casework-by-hand.ts';
import { storeReport } from '../test/stored-report.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
const thisYear = Number(todayInBelgium().slice(0, 4));
/** The crafted year: one incident in Antwerp, whose province total a naive page would give away. */
const Y = thisYear - 1;
/** A year where every count is 3 or more: nothing hidden. */
const FULL = thisYear - 2;

async function seed(date: string, type: string, province: string, times = 1) {
  const ids: string[] = [];
  for (let index = 0; index < times; index += 1) {
    const reportId = await storeReport(server.services, { date, type, anonymous: false });
    await server.database.pool.query(`update report set status = 'in_review' where id = $1;`, [reportId]);
    await setCaseworkByHand(server.database.pool, reportId, { status: 'verified', municipality: 'Gemeente', province });
    ids.push(reportId);
  }
  return ids;
}

const get = (path: string) => fetch(`${server.baseUrl}${path}`);
const page = async (path: string) => new JSDOM(await (await get(path)).text()).window.document;

type Cell = { count: number | null; status: string };

/** A table cell as the CSV writes it: "<3" reads fewer_than_k, "×" withheld, a number exact. */
function cellOf(text: string): Cell {
  const value = text.replace(/[\u2066-\u2069]/g, '').trim(); // bidi isolates around "<3"
  if (value.startsWith('<')) return { count: null, status: 'fewer_than_k' };
  if (value.startsWith('×')) return { count: null, status: 'withheld' };
  return { count: Number(value.replaceAll(',', '')), status: 'exact' };
}

function tableRows(document: Document, section: string) {
  const table = document.querySelector(`section[aria-labelledby="${section}"] table`);
  if (!table) throw new Error(`no table in ${section}`);
  const headers = [...table.querySelectorAll('thead th')].slice(1).map((th) => th.textContent ?? '');
  return [...table.querySelectorAll('tbody tr, tfoot tr')].map((row) => ({
    label: row.querySelector('th')?.textContent ?? '',
    cells: Object.fromEntries(
      [...row.querySelectorAll('td')].map((td, index) => [headers[index] ?? '', cellOf(td.textContent ?? '')]),
    ),
  }));
}

async function csv(path: string) {
  const [header = [], ...rows] = parseCsv(await (await get(path)).text());
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

/**
 * What a visitor can work out from one published sum (total = Σ members): every assignment of the
 * hidden members within their published ranges that adds up, enumerated. Independent of the code
 * that chose the hidden cells.
 */
function possibleValues(total: number, members: Cell[], k: number, index: number): Set<number> {
  const shown = members.reduce((sum, cell) => sum + (cell.count ?? 0), 0);
  const hidden = members.map((cell, position) => ({ cell, position })).filter(({ cell }) => cell.count === null);
  const range = (cell: Cell) => (cell.status === 'fewer_than_k' ? [1, k - 1] : [k, total]) as [number, number];
  const values = new Set<number>();
  const walk = (at: number, left: number, chosen: Map<number, number>) => {
    if (at === hidden.length) {
      if (left === 0) values.add(chosen.get(index) ?? -1);
      return;
    }
    const { cell, position } = hidden[at] as (typeof hidden)[number];
    const [low, high] = range(cell);
    for (let value = low; value <= Math.min(high, left); value += 1)
      walk(at + 1, left - value, new Map(chosen).set(position, value));
  };
  walk(0, total - shown, new Map());
  return values;
}

beforeAll(async () => {
  server = await startTestServer();
  await seed(`${Y}-03-10`, 'verbal', 'antwerp');
  await seed(`${Y}-04-10`, 'online', 'brussels', 5);
  await seed(`${Y}-05-10`, 'verbal', 'limburg', 6);
  await seed(`${Y}-06-10`, 'online', 'limburg', 4);
  await seed(`${FULL}-02-10`, 'verbal', 'antwerp', 3);
  await seed(`${FULL}-02-11`, 'online', 'antwerp', 4);
  await seed(`${FULL}-09-10`, 'harassment', 'antwerp', 5);
  // Today: within the 30-day count, in the month under way.
  await seed(todayInBelgium(), 'letter', 'west_flanders');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('the public figures', () => {
  it('never shows the Antwerp incident, and its total cannot be worked out by subtraction', async () => {
    const rows = (await csv(`/incidents/data/provinces.csv`)).filter((row) => row.year === String(Y));
    const totals = rows.filter((row) => row.type === 'total');
    const cell = (row: Record<string, string>): Cell => ({
      count: row.count === '' ? null : Number(row.count),
      status: row.status ?? '',
    });
    const antwerp = totals.find((row) => row.province === 'antwerp');
    expect(antwerp).toMatchObject({ count: '', status: 'fewer_than_k' });
    const yearTotal = totals.find((row) => row.province === 'total');
    expect(yearTotal).toMatchObject({ count: '16', status: 'exact' });
    const provinces = totals.filter((row) => row.province !== 'total');
    expect(provinces.filter((row) => row.status !== 'exact').length).toBeGreaterThanOrEqual(2);
    const position = provinces.indexOf(antwerp as Record<string, string>);
    expect(possibleValues(16, provinces.map(cell), 3, position).size).toBeGreaterThanOrEqual(2);

    // The same through the months: the year's total is the sum of its months.
    const months = (await csv(`/incidents/data/monthly.csv`)).filter(
      (row) => row.month?.startsWith(`${Y}-`) && row.type === 'total',
    );
    const march = months.findIndex((row) => row.month === `${Y}-03`);
    expect(months[march]).toMatchObject({ count: '', status: 'fewer_than_k' });
    expect(possibleValues(16, months.map(cell), 3, march).size).toBeGreaterThanOrEqual(2);

    // The month under way is not broken down: beside the 30-day count it would tell today's type.
    const thisMonth = todayInBelgium().slice(0, 7);
    const allMonths = await csv('/incidents/data/monthly.csv');
    expect(allMonths.some((row) => row.month === thisMonth)).toBe(false);
    expect(allMonths.some((row) => row.month === `${Y}-12`)).toBe(true);

    // Nowhere on the yearly page does Antwerp's row carry a figure.
    const document = await page(`/incidents/${Y}`);
    const antwerpRow = tableRows(document, 'year-provinces').find((row) => row.label === 'Antwerp');
    expect(Object.values(antwerpRow?.cells ?? {}).every((value) => value.count === null || value.count === 0)).toBe(
      true,
    );
  });

  it('offers the CSV and the JSON with the same cells as the tables on the pages', async () => {
    const document = await page(`/incidents/${Y}`);
    const table = tableRows(document, 'year-provinces');
    const rows = (await csv(`/incidents/data/provinces.csv`)).filter((row) => row.year === String(Y));
    expect(table.length).toBeGreaterThan(1);
    for (const line of table) {
      for (const [typeLabel, value] of Object.entries(line.cells)) {
        const match = rows.find((row) => row.province_label === line.label && row.type_label === typeLabel);
        expect(match, `${line.label} × ${typeLabel}`).toBeDefined();
        expect({ count: match?.count === '' ? null : Number(match?.count), status: match?.status }).toEqual(value);
      }
    }
    const json = (await (await get('/incidents/data/provinces.json')).json()) as {
      asOf: string;
      licence: { name: string };
      rows: Record<string, unknown>[];
    };
    expect(json.asOf).toBe(todayInBelgium());
    expect(json.licence.name).toBe('CC BY 4.0');
    const fromCsv = await csv('/incidents/data/provinces.csv');
    expect(
      json.rows.map((row) => ({ ...row, year: String(row.year), count: row.count === null ? '' : String(row.count) })),
    ).toEqual(fromCsv);

    // The monthly trend on /incidents against the monthly file (the last 24 months).
    const incidents = await page('/incidents');
    const trend = [
      ...incidents.querySelectorAll('section#figures-title, section[aria-labelledby="figures-title"] .figure-table'),
    ]
      .at(0)
      ?.querySelectorAll('tbody tr');
    const monthly = await csv('/incidents/data/monthly.csv');
    expect(trend?.length).toBe(24);
    for (const row of [...(trend ?? [])]) {
      const label = row.querySelector('th')?.textContent ?? '';
      const month = monthly.find((candidate) => {
        const date = new Date(`${candidate.month}-01T00:00:00Z`);
        return (
          new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date) === label
        );
      })?.month;
      const cells = [...row.querySelectorAll('td')].map((td) => cellOf(td.textContent ?? ''));
      const fileCells = monthly
        .filter((candidate) => candidate.month === month)
        .map((candidate) => ({
          count: candidate.count === '' ? null : Number(candidate.count),
          status: candidate.status,
        }));
      expect(cells, label).toEqual(fileCells);
    }
  });

  it('gives each yearly summary totals equal to the sum of its months', async () => {
    const document = await page(`/incidents/${FULL}`);
    const months = tableRows(document, 'year-months');
    const totals = months.at(-1);
    expect(totals?.label).toBe('Total');
    const body = months.slice(0, -1);
    expect(body).toHaveLength(12);
    for (const column of Object.keys(totals?.cells ?? {})) {
      const sum = body.reduce((total, row) => total + (row.cells[column]?.count ?? Number.NaN), 0);
      expect(sum, column).toBe(totals?.cells[column]?.count);
    }
    expect(totals?.cells.Total?.count).toBe(12);
    expect(document.querySelector('.incident-count')?.textContent).toContain('12 verified incidents');
    // No page for a year without verified incidents, nor for something that is not a year.
    expect((await get(`/incidents/${FULL - 1}`)).status).toBe(404);
    expect((await get('/he/incidents/abcd')).status).toBe(404);
  });

  it('publishes the staff categories with their CST and RIAS names, and renews them when a category changes', async () => {
    const header = parseCsv(await (await get('/incidents/data/categories.csv')).text())[0];
    expect(header).toEqual([
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
    ]);
    // The seeded incidents were verified by hand without a category: they count as not classified.
    const rows = (await csv('/incidents/data/categories.csv')).filter((row) => row.year === String(FULL));
    expect(rows.map((row) => row.category)).toEqual([
      'extreme_violence',
      'assault',
      'damage_desecration',
      'threats',
      'abusive_behaviour',
      'literature',
      'unclassified',
      'total',
    ]);
    expect(rows.find((row) => row.category === 'unclassified')).toMatchObject({ count: '12', status: 'exact' });
    expect(rows.find((row) => row.category === 'threats')).toMatchObject({
      category_label: 'Threats',
      cst_category: 'Threats',
      rias_category: 'Bedrohung',
      count: '0',
    });
    const json = (await (await get('/he/incidents/data/categories.json')).json()) as {
      categories: { code: string; label: string; description: string; cst: string | null; rias: string | null }[];
    };
    expect(json.categories).toHaveLength(7);
    expect(json.categories[0]).toMatchObject({
      code: 'extreme_violence',
      label: 'אלימות קיצונית',
      cst: 'Extreme Violence',
    });
    expect(json.categories.at(-1)).toMatchObject({ code: 'unclassified', cst: null, rias: null });
    const data = await page('/he/incidents/data');
    expect(data.querySelector('section[aria-labelledby="categories-title"] dl')?.textContent).toContain(
      'Extreme Gewalt',
    );

    // The yearly page's table by category, in English and in Hebrew.
    const yearly = await page(`/incidents/${FULL}`);
    const table = [...yearly.querySelectorAll('section[aria-labelledby="year-compare"] .figure-table')].at(-1);
    const labels = [...(table?.querySelectorAll('tbody th') ?? [])].map((cell) => cell.textContent);
    expect(labels).toContain('Abusive behaviour');
    expect(labels.at(-1)).toBe('Not classified');
    const hebrew = await page(`/he/incidents/${FULL}`);
    expect(hebrew.documentElement.getAttribute('dir')).toBe('rtl');
    expect(hebrew.querySelector('section[aria-labelledby="year-compare"]')?.textContent).toContain('לפי קטגוריה');

    // Staff classify three of the year's incidents as threats: the cached files change at once.
    const path = '/incidents/data/categories.csv';
    await get(path);
    expect((await get(path)).headers.get('x-page-cache')).toBe('hit');
    await server.database.pool.query(
      `update incident set category = 'threats', manifestations = '{modern}'
        where id in (select id from incident where counts and incident_date = $1)`,
      [`${FULL}-02-10`],
    );
    const after = await get(path);
    expect(after.headers.get('x-page-cache')).toBe('miss');
    const threats = (await csv(path)).find((row) => row.year === String(FULL) && row.category === 'threats');
    expect(threats).toMatchObject({ count: '3', status: 'exact' });
  });

  it('serves the pages and files from the page cache, and changes them when a verification changes', async () => {
    for (const path of [`/he/incidents/${Y}`, '/fr/incidents/data', '/nl/incidents/data/monthly.csv']) {
      await get(path);
      const again = await get(path);
      expect(again.status, path).toBe(200);
      expect(again.headers.get('x-page-cache'), path).toBe('hit');
    }
    const before = await (await get('/nl/incidents/data/monthly.csv')).text();
    // Staff take back the verification of the Antwerp incident: the figures change at once.
    await server.database.pool.query(
      `update report set status = 'in_review'
        where incident_id in (select id from incident where province = 'antwerp' and incident_date = $1)`,
      [`${Y}-03-10`],
    );
    const after = await get('/nl/incidents/data/monthly.csv');
    expect(after.headers.get('x-page-cache')).toBe('miss');
    expect(await after.text()).not.toBe(before);
    const yearly = await get(`/he/incidents/${Y}`);
    expect(yearly.headers.get('x-page-cache')).toBe('miss');
    const rows = (await csv('/incidents/data/provinces.csv')).filter(
      (row) => row.year === String(Y) && row.type === 'total',
    );
    expect(rows.find((row) => row.province === 'antwerp')).toBeUndefined();
    expect(rows.find((row) => row.province === 'total')?.count).toBe('15');
  });
});
