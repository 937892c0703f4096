import { validateReport } from '@app/core/forms/report.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCaseworkByHand } from '../../test/casework-by-hand.ts';
import { signedInSession, type TestStaff } from '../../test/staff-helpers.ts';
import { reportPayload, SEEDED } from '../../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { submitReport } from '../intake/submit-report.ts';
import { computeStats, monthsEnding } from './stats.ts';
import { countVerifiedLast30Days } from './verified-incidents.ts';

let server: TestServer;

/** A report with the given incident date and casework state, written as staff would leave it. */
async function seed(
  date: string,
  state: { status: string; reason?: string; quarantined?: boolean; type?: string; platform?: string },
) {
  const input = validateReport(
    reportPayload({ date, type: state.type ?? 'verbal', anonymous: false, onlinePlatform: state.platform }),
  );
  if (!input.success) throw new Error(JSON.stringify(input.errors));
  const { reportId } = await submitReport(server.services, input.data, [], {
    isQuarantined: state.quarantined ?? false,
  });
  await setCaseworkByHand(server.database.pool, reportId, {
    status: state.status,
    rejectionReason: state.reason ?? null,
    municipality: 'Antwerpen',
    province: 'antwerp',
  });
}

beforeAll(async () => {
  server = await startTestServer();
  // Around the switch to summer time in Brussels (29 March 2026).
  await seed('2026-02-28', { status: 'verified' });
  await seed('2026-03-01', { status: 'verified', type: 'physical' });
  await seed('2026-03-30', { status: 'closed' });
  await seed('2026-03-31', { status: 'verified' });
  await seed('2026-03-15', { status: 'rejected', reason: 'spam' });
  await seed('2026-03-15', { status: 'closed', reason: 'not_antisemitic' });
  await seed('2026-03-15', { status: 'verified', quarantined: true });
  await seed('2026-03-15', { status: 'new' });
  await seed('2026-03-15', { status: 'in_review' });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('counting verified incidents', () => {
  it('counts the last 30 days as calendar days in Brussels, today included', async () => {
    // 22:30 UTC on 29 March is 00:30 on 30 March in Brussels: the window is 1 to 30 March.
    expect(await countVerifiedLast30Days(server.database.db, new Date('2026-03-29T22:30:00Z'))).toBe(2);
    // One hour earlier it is still 29 March in Brussels: 28 February to 29 March.
    expect(await countVerifiedLast30Days(server.database.db, new Date('2026-03-29T21:30:00Z'))).toBe(2);
    // On 31 March: 2 to 31 March.
    expect(await countVerifiedLast30Days(server.database.db, new Date('2026-03-31T10:00:00Z'))).toBe(2);
    // On 1 March: 31 January to 1 March.
    expect(await countVerifiedLast30Days(server.database.db, new Date('2026-03-01T10:00:00Z'))).toBe(2);
  });

  it('never counts rejected, spam-held, new or in-review reports; counts closed ones that were verified', async () => {
    const stats = await computeStats(server.database.db, { from: '2026-01-01', to: '2026-12-31' }, 12, { promise: 2 });
    expect(stats.total).toBe(4);
    expect(stats.byType).toEqual([
      { key: 'verbal', count: 3 },
      { key: 'physical', count: 1 },
    ]);
    expect(stats.byProvince).toEqual([{ key: 'antwerp', count: 4 }]);
    expect(stats.byMunicipality).toEqual([{ key: 'Antwerpen', count: 4 }]);
    expect(stats.shares.anonymous).toEqual({ count: 0, total: 4 });
    expect(stats.shares.calledPolice).toEqual({ count: 4, total: 4 });
    expect(stats.byMonth).toHaveLength(12);
    expect(stats.byMonth.find((month) => month.key === '2026-03')).toEqual({ key: '2026-03', count: 3 });
    expect(stats.byMonth.find((month) => month.key === '2026-02')).toEqual({ key: '2026-02', count: 1 });
  });

  it('counts the verified online incidents by platform, those that did not say apart (decision 0024)', async () => {
    for (const platform of ['x', 'telegram', 'x', ''])
      await seed('2025-06-10', { status: 'verified', type: 'online', platform });
    await seed('2025-06-11', { status: 'new', type: 'online', platform: 'telegram' });
    const stats = await computeStats(server.database.db, { from: '2025-06-01', to: '2025-06-30' }, 12, {
      promise: 2,
    });
    expect(stats.byPlatform).toEqual([
      { key: 'x', count: 2 },
      { key: '', count: 1 },
      { key: 'telegram', count: 1 },
    ]);
  });

  it('lists the months that end with the period', () => {
    expect(monthsEnding('2026-03-31', 12)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(monthsEnding('2026-01-15', 24)[0]).toBe('2024-02');
  });
});

describe('CSV exports', () => {
  let viewer: TestStaff;
  let coordinator: TestStaff;
  beforeAll(async () => {
    viewer = await signedInSession(server, 'viewer');
    coordinator = await signedInSession(server, 'coordinator');
  }, 30_000);
  const get = (member: TestStaff, path: string) =>
    fetch(`${server.baseUrl}${path}`, { headers: { cookie: member.jar.header() } });

  it('give every role the statistics, and record each download', async () => {
    const response = await get(viewer, '/api/internal/exports/stats.csv?from=2026-01-01&to=2026-12-31');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="statistics-2026-01-01-2026-12-31.csv"',
    );
    const csv = await response.text();
    expect(csv).toContain('all,verified_incidents,4,4\r\n');
    expect(csv).toContain('type,verbal,3,4\r\n');
    expect(csv).toContain('share,calledPolice,4,4\r\n');
    // Response times, by the month reports arrived: the promise, then six rows a month.
    expect(csv).toContain('response_promise_working_days,all,2,\r\n');
    expect(csv.match(/^response_received,2026-\d\d,/gm)).toHaveLength(12);
    expect(csv).toContain('response_received,2026-01,0,\r\nresponse_answered,2026-01,0,0\r\n');
    expect(csv).toContain('response_median_working_days,2026-01,,\r\nresponse_p90_working_days,2026-01,,\r\n');
    const { rows } = await server.database.pool.query(
      `select details from audit_event where action = 'export.downloaded' and actor_id = $1`,
      [viewer.staff.id],
    );
    expect(rows).toEqual([{ details: { export: 'stats', from: '2026-01-01', to: '2026-12-31' } }]);
  });

  it('give the report list to coordinators only, without any personal data', async () => {
    expect((await get(viewer, '/api/internal/exports/reports.csv')).status).toBe(403);
    const response = await get(coordinator, '/api/internal/exports/reports.csv?from=2026-03-01&to=2026-03-31');
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte-order mark, so that spreadsheets read the UTF-8 correctly.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFid,incident,received_at,incident_date,type,status,rejection_reason,anonymous,called_police,called_organisation,medical_treatment,threat_ongoing,sharing_consent,urgent,spam_check,source,online_platform,online_urls,municipality,province,arrondissement,files,published,category,manifestations,target,known_through,place_type,tags',
    );
    expect(csv.trim().split('\r\n')).toHaveLength(8);
    // How each report proved it was no robot: a closed set, one value per row.
    const column = csv.split('\r\n')[0]?.split(',').indexOf('spam_check') ?? -1;
    for (const line of csv.trim().split('\r\n').slice(1)) {
      expect(['proof-of-work', 'form-token']).toContain(line.split(',')[column]);
    }
    for (const secret of Object.values(SEEDED)) expect(csv).not.toContain(secret);
  });
});
