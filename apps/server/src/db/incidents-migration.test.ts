import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReportRow, migrationsBefore } from '../test/migrations-before.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { runMigrations } from './migrate.ts';

const INCIDENTS_MIGRATION = '0023_incidents';

/** A report as the release before wrote it (column names as in SQL), received `minutesAgo` ago. */
const oldReport = (pool: pg.Pool, minutesAgo: number, values: Record<string, unknown> = {}) =>
  insertReportRow(pool, { created_at: new Date(Date.now() - minutesAgo * 60_000), ...values });

const one = async <T extends pg.QueryResultRow>(pool: pg.Pool, sql: string, values: unknown[] = []) =>
  (await pool.query<T>(sql, values)).rows[0] as T;

// Migration 0023 (issue 25, decision 0037): every report becomes an incident, and a report rejected
// as a duplicate joins the incident of the report it repeats, with nothing lost.
describe('migration 0023 on a database of the release before, holding duplicates', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let before: ReturnType<typeof migrationsBefore>;
  const ids = {} as Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'q', string>;
  let countedBefore: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = database.pool;
    before = migrationsBefore(INCIDENTS_MIGRATION);
    await runMigrations(pool, before.folder);
    const staff = randomUUID();
    await pool.query("insert into staff_user (id, name, email, role) values ($1, 'Cora', $2, 'coordinator')", [
      staff,
      `${staff}@example.org`,
    ]);
    const place = (municipality: string, province: string) => ({ municipality, province });
    // A verified and published report, a duplicate of it, and a duplicate of that duplicate (closed).
    ids.a = await oldReport(pool, 60, {
      status: 'verified',
      incident_type: 'physical',
      ...place('Gent', 'east_flanders'),
    });
    ids.b = await oldReport(pool, 50, { status: 'rejected', rejection_reason: 'duplicate', duplicate_of: ids.a });
    ids.c = await oldReport(pool, 40, {
      status: 'closed',
      rejection_reason: 'duplicate',
      duplicate_of: ids.b,
      incident_date: '2026-03-02',
    });
    // Another verified report, and a duplicate of it on which staff had recorded a place of its own.
    ids.d = await oldReport(pool, 30, { status: 'closed', ...place('Antwerpen', 'antwerp') });
    ids.h = await oldReport(pool, 25, {
      status: 'rejected',
      rejection_reason: 'duplicate',
      duplicate_of: ids.d,
      ...place('Mechelen', 'antwerp'),
    });
    // Two reports that name each other (no operation forbade it), a new one, one held by the spam check.
    ids.f = await oldReport(pool, 20, { incident_date: '2026-02-20' });
    ids.g = await oldReport(pool, 10, { status: 'rejected', rejection_reason: 'duplicate', duplicate_of: ids.f });
    await pool.query(
      `update report set status = 'rejected', rejection_reason = 'duplicate', duplicate_of = $2 where id = $1`,
      [ids.f, ids.g],
    );
    ids.e = await oldReport(pool, 5);
    ids.q = await oldReport(pool, 1, { status: 'verified', is_quarantined: true, ...place('Hasselt', 'limburg') });
    await pool.query(
      `insert into report_status_change (report_id, from_status, to_status, reason, actor_id)
       values ($1, 'in_review', 'rejected', 'duplicate', $2)`,
      [ids.b, staff],
    );
    await pool.query(
      `insert into public_incident (report_id, incident_date, incident_type, municipality, province, summaries, original_language, published_by)
       values ($1, '2026-03-01', 'physical', 'Gent', 'east_flanders', '{"nl": "Een samenvatting"}', 'nl', $2)`,
      [ids.a, staff],
    );
    countedBefore = (
      await one<{ n: number }>(
        pool,
        `select count(*)::int as n from report
          where not is_quarantined and (status = 'verified' or (status = 'closed' and rejection_reason is null))`,
      )
    ).n;
    await runMigrations(pool);
  });
  afterAll(async () => {
    before.remove();
    await database.drop();
  });

  const incidentOf = async (report: string) =>
    (await one<{ incident_id: string }>(pool, 'select incident_id from report where id = $1', [report])).incident_id;
  const incidentRow = async (report: string) =>
    one<{
      incident_date: string;
      incident_type: string;
      municipality: string | null;
      province: string | null;
      counts: boolean;
    }>(
      pool,
      `select to_char(incident_date, 'YYYY-MM-DD') as incident_date, incident_type, municipality, province, counts
         from incident where id = (select incident_id from report where id = $1)`,
      [report],
    );

  it('links each duplicate into the incident of the report it repeats, following chains and loops', async () => {
    expect(await incidentOf(ids.b)).toBe(await incidentOf(ids.a));
    expect(await incidentOf(ids.c)).toBe(await incidentOf(ids.a));
    expect(await incidentOf(ids.h)).toBe(await incidentOf(ids.d));
    expect(await incidentOf(ids.g)).toBe(await incidentOf(ids.f));
    const separate = new Set(await Promise.all([ids.a, ids.d, ids.f, ids.e, ids.q].map((id) => incidentOf(id ?? ''))));
    expect(separate.size).toBe(5);
    expect((await one<{ n: number }>(pool, 'select count(*)::int as n from incident')).n).toBe(5);
  });

  it('gives each incident the date, type and place of the report the others repeat', async () => {
    expect(await incidentRow(ids.c)).toEqual({
      incident_date: '2026-03-01',
      incident_type: 'physical',
      municipality: 'Gent',
      province: 'east_flanders',
      counts: true,
    });
    expect(await incidentRow(ids.h)).toMatchObject({
      municipality: 'Antwerpen',
      province: 'antwerp',
      counts: true,
    });
    // A loop ends at its earliest report: F's date.
    expect(await incidentRow(ids.g)).toMatchObject({ incident_date: '2026-02-20', counts: false });
    expect(await incidentRow(ids.q)).toMatchObject({ municipality: 'Hasselt', counts: false });
    expect(await incidentRow(ids.e)).toMatchObject({ municipality: null, counts: false });
  });

  it('counts exactly what was counted before: the duplicates never counted, their originals once', async () => {
    const counted = await one<{ n: number }>(pool, 'select count(*)::int as n from incident where counts');
    expect(counted.n).toBe(countedBefore);
    expect(counted.n).toBe(2);
  });

  it('leaves each duplicate its status, reason and history, and says in the audit log what it was', async () => {
    const { rows } = await pool.query<{ id: string; status: string; rejection_reason: string }>(
      'select id, status, rejection_reason from report where id = any($1) order by created_at',
      [[ids.b, ids.c, ids.h]],
    );
    expect(rows.map((row) => [row.status, row.rejection_reason])).toEqual([
      ['rejected', 'duplicate'],
      ['closed', 'duplicate'],
      ['rejected', 'duplicate'],
    ]);
    const history = await one<{ reason: string }>(
      pool,
      'select reason from report_status_change where report_id = $1',
      [ids.b],
    );
    expect(history.reason).toBe('duplicate');
    const audit = await pool.query<{ subject_id: string; actor_kind: string; actor_id: null; details: object }>(
      `select subject_id, actor_kind, actor_id, details from audit_event where action = 'report.linked' order by id`,
    );
    const incidentOfA = await incidentOf(ids.a);
    const incidentOfD = await incidentOf(ids.d);
    const incidentOfF = await incidentOf(ids.f);
    expect(audit.rows).toEqual(
      expect.arrayContaining([
        {
          subject_id: ids.b,
          actor_kind: 'migration',
          actor_id: null,
          details: { to: incidentOfA, reason: 'duplicate', duplicateOf: ids.a },
        },
        {
          subject_id: ids.c,
          actor_kind: 'migration',
          actor_id: null,
          details: { to: incidentOfA, reason: 'duplicate', duplicateOf: ids.b },
        },
        // The place staff had recorded on the duplicate itself is not lost.
        {
          subject_id: ids.h,
          actor_kind: 'migration',
          actor_id: null,
          details: {
            to: incidentOfD,
            reason: 'duplicate',
            duplicateOf: ids.d,
            municipality: 'Mechelen',
            province: 'antwerp',
          },
        },
        {
          subject_id: ids.f,
          actor_kind: 'migration',
          actor_id: null,
          details: { to: incidentOfF, reason: 'duplicate', duplicateOf: ids.g },
        },
      ]),
    );
    expect(audit.rows).toHaveLength(5);
  });

  it('keys the publication by the incident, and the report columns it replaced are gone', async () => {
    const published = await one<{ incident_id: string }>(pool, 'select incident_id from public_incident');
    expect(published.incident_id).toBe(await incidentOf(ids.a));
    const { rows } = await pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_name = 'report' and column_name in ('duplicate_of', 'municipality', 'province')`,
    );
    expect(rows).toEqual([]);
  });

  it('from then on keeps what counts: a new report makes its own incident, a second witness adds nothing', async () => {
    const revision = async () => (await one<{ value: string }>(pool, 'select value from site_revision')).value;
    // A report written without an incident (a submission, an archive made before incidents).
    const lone = await oldReport(pool, 0, { incident_type: 'online', incident_date: '2026-03-05' });
    expect(await incidentRow(lone)).toEqual({
      incident_date: '2026-03-05',
      incident_type: 'online',
      municipality: null,
      province: null,
      counts: false,
    });
    const atStart = await revision();
    await pool.query(`update report set status = 'verified' where id = $1`, [lone]);
    expect((await incidentRow(lone)).counts).toBe(true);
    const afterFirst = await revision();
    expect(Number(afterFirst)).toBeGreaterThan(Number(atStart));
    // The duplicate, taken back to review and verified, makes no second count and changes no public page.
    await pool.query(`update report set status = 'in_review', rejection_reason = null where id = $1`, [ids.b]);
    await pool.query(`update report set status = 'verified' where id = $1`, [ids.b]);
    expect(await revision()).toBe(afterFirst);
    expect((await one<{ n: number }>(pool, 'select count(*)::int as n from incident where counts')).n).toBe(3);
    // The original taken back: the incident still counts through the duplicate, now verified.
    await pool.query(`update report set status = 'in_review' where id = $1`, [ids.a]);
    expect((await incidentRow(ids.a)).counts).toBe(true);
    await pool.query(`update report set status = 'in_review' where id = $1`, [ids.b]);
    expect((await incidentRow(ids.a)).counts).toBe(false);
    expect(Number(await revision())).toBeGreaterThan(Number(afterFirst));
  });
});
