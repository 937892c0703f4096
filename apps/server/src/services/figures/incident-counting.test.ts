import { parseCsv } from '@app/core/figures/open-data';
import { todayInBelgium } from '@app/core/site/dates';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyIncidentOf } from '../../test/classification-helpers.ts';
import { createStaffMember } from '../../test/staff-helpers.ts';
import { storeReport } from '../../test/stored-report.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { readRawFigures } from './public-figures.ts';

/**
 * Two reports of one incident count once (decision 0037), in every figure: the dashboard's and the
 * public page's 30-day count, the statistics, the public figures and the open data files; split
 * apart, they count twice again.
 */

let server: TestServer;
let cora: StaffIdentity;
/** A year of its own: six verified incidents of one type, place and month, so no count is small. */
const Y = Number(todayInBelgium().slice(0, 4)) - 3;
const yesterday = new Date(Date.parse(`${todayInBelgium()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
let pair: [string, string];
let recent: [string, string];

const ops = () => server.services.operationsFor(cora);

async function verifiedReport(date: string): Promise<string> {
  const reportId = await storeReport(server.services, { date, type: 'verbal' });
  await ops().reports.changeStatus(reportId, { from: 'new', to: 'in_review' });
  await classifyIncidentOf(ops().reports, reportId);
  await ops().reports.changeStatus(reportId, {
    from: 'in_review',
    to: 'verified',
    municipality: 'Antwerpen',
    province: 'antwerp',
  });
  return reportId;
}

const incidentOf = async (id: string) =>
  (await server.database.pool.query<{ incident_id: string }>('select incident_id from report where id = $1', [id]))
    .rows[0]?.incident_id ?? '';

async function csvRows(path: string) {
  const [header = [], ...rows] = parseCsv(await (await fetch(`${server.baseUrl}${path}`)).text());
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

/** Every figure that counts the incidents of year Y (and the last 30 days), as each reader gets it. */
async function figures() {
  const [dashboard, stats, raw, provinces, publicPage] = await Promise.all([
    ops().dashboard(),
    ops().stats.compute({ from: `${Y}-01-01`, to: `${Y}-12-31` }, 12),
    readRawFigures(server.database.db),
    csvRows('/incidents/data/provinces.csv'),
    server.services.publicIncidents.page({ language: 'en', page: 1 }),
  ]);
  const inYear = (row: { year: number; province: string | null; type: string }) =>
    row.year === Y && row.province === 'antwerp' && row.type === 'verbal';
  return {
    last30Days: dashboard.incidentsLast30Days,
    publicLast30Days: publicPage.countLast30Days,
    stats: stats.total,
    statsInMay: stats.byMonth.find((month) => month.key === `${Y}-05`)?.count,
    raw: raw.byYear.filter(inYear).reduce((sum, row) => sum + row.count, 0),
    openData: provinces.find((row) => row.year === String(Y) && row.province === 'antwerp' && row.type === 'verbal')
      ?.count,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ staff: cora } = await createStaffMember(server, 'coordinator', 'Cora'));
  for (let index = 0; index < 4; index += 1) await verifiedReport(`${Y}-05-10`);
  pair = [await verifiedReport(`${Y}-05-11`), await verifiedReport(`${Y}-05-12`)];
  recent = [await verifiedReport(yesterday), await verifiedReport(yesterday)];
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('an incident reported twice', () => {
  it('counts once everywhere once its reports are linked, and twice again once split', async () => {
    const apart = await figures();
    expect(apart).toMatchObject({ last30Days: 2, stats: 6, statsInMay: 6, raw: 6, openData: '6' });

    for (const [first, second] of [pair, recent]) {
      await ops().reports.linkToIncident(second, { from: await incidentOf(second), target: first });
    }
    const linked = await figures();
    expect(linked).toMatchObject({ last30Days: 1, stats: 5, statsInMay: 5, raw: 5, openData: '5' });
    // The public page's 30-day count is a public figure: 1 and 2 leave only as "fewer than 3".
    expect(linked.publicLast30Days).toBe(apart.publicLast30Days);

    for (const [, second] of [pair, recent]) {
      await ops().reports.splitFromIncident(second, { from: await incidentOf(second) });
    }
    expect(await figures()).toEqual(apart);
  });

  it('counts the linked incident by its own date, place and type, whatever its second report says', async () => {
    const [first, second] = pair;
    await ops().reports.linkToIncident(second, { from: await incidentOf(second), target: first });
    const stats = await ops().stats.compute({ from: `${Y}-05-11`, to: `${Y}-05-12` }, 12);
    // The incident's date is its first report's (11 May); the second report's 12 May counts nothing.
    const single = await ops().stats.compute({ from: `${Y}-05-12`, to: `${Y}-05-12` }, 12);
    expect([stats.total, single.total]).toEqual([1, 0]);
    expect(stats.byProvince).toEqual([{ key: 'antwerp', count: 1 }]);
    expect(stats.shares.calledPolice).toEqual({ count: 1, total: 1 });
    await ops().reports.splitFromIncident(second, { from: await incidentOf(second) });
  });
});
