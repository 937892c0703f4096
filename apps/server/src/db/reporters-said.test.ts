import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReportRow, migrationsBefore } from '../test/migrations-before.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { runMigrations } from './migrate.ts';

const MIGRATION = '0042_statistics_on_incidents';

type Said = {
  counts: boolean;
  anonymous: boolean;
  police: boolean;
  medical: boolean;
  sources: string[];
  platform: string | null;
};

// Decision 0058: what the reports that make an incident count said (anonymous when each is,
// police and medical treatment when any says so, the channels, the earliest platform) is kept on
// the incident by migration 0042's function and trigger, and the statistics read it there.

/** What an incident that does not count keeps of its reports: nothing. */
const NOTHING_SAID = {
  counts: false,
  anonymous: false,
  police: false,
  medical: false,
  sources: [],
  platform: null,
};
describe('what the reporters said, kept on the incident (migration 0042)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let before: ReturnType<typeof migrationsBefore>;
  let cora: string;
  let revisionBefore: number;
  const ids = {} as Record<'first' | 'second' | 'pending' | 'alone' | 'online' | 'onlineLater', string>;

  const incidentOf = async (reportId: string) =>
    (await pool.query<{ incident_id: string }>('select incident_id from report where id = $1', [reportId])).rows[0]
      ?.incident_id as string;
  const said = async (reportId: string): Promise<Said> => {
    const { rows } = await pool.query<Said>(
      `select counts, reporters_anonymous as anonymous, reporters_called_police as police,
              reporters_medical_treatment as medical, reporters_sources as sources, reporters_platform as platform
         from incident where id = (select incident_id from report where id = $1)`,
      [reportId],
    );
    return rows[0] as Said;
  };
  const revision = async () =>
    Number((await pool.query<{ value: string }>('select value from site_revision where id = 1')).rows[0]?.value);
  // Every incident of the test's own reports, against the same facts read again from their reports.
  const drifted = async () =>
    (
      await pool.query(
        `select i.id from incident i
          left join lateral (
            select count(*) > 0 as counts,
                   coalesce(bool_and(r.is_anonymous), false) as anonymous,
                   coalesce(bool_or(r.called_police), false) as police,
                   coalesce(bool_or(r.medical_treatment), false) as medical,
                   coalesce(array_agg(distinct r.source order by r.source), '{}') as sources,
                   (array_agg(r.online_platform order by r.created_at, r.id)
                      filter (where r.online_platform is not null))[1] as platform
              from report r
             where r.incident_id = i.id and report_counts(r.status, r.rejection_reason, r.is_quarantined)) f on true
          where i.id in (select incident_id from report where id = any($1))
            and (i.counts, i.reporters_anonymous, i.reporters_called_police, i.reporters_medical_treatment,
                 i.reporters_sources, i.reporters_platform)
                is distinct from (f.counts, f.anonymous, f.police, f.medical, f.sources, f.platform)`,
        [Object.values(ids)],
      )
    ).rows;

  beforeAll(async () => {
    before = migrationsBefore(MIGRATION);
    database = await createTestDatabase();
    ({ pool } = database);
    await runMigrations(pool, before.folder);
    const { rows } = await pool.query<{ id: string }>(
      "insert into staff_user (id, name, email, role) values (gen_random_uuid()::text, 'Cora', $1, 'coordinator') returning id",
      [`cora-${randomUUID()}@example.org`],
    );
    cora = rows[0]?.id as string;
    // A release-before database: one incident reported by a named web reporter who called the
    // police and by an anonymous phone caller who needed treatment, both verified; a report still
    // new; an online incident whose earliest counting report names X and a later one Facebook.
    ids.first = await insertReportRow(pool, {
      status: 'verified',
      is_anonymous: false,
      called_police: true,
      created_at: new Date('2026-03-02T09:00:00Z'),
    });
    const shared = await incidentOf(ids.first);
    ids.second = await insertReportRow(pool, {
      status: 'closed',
      incident_id: shared,
      source: 'phone',
      recorded_by: cora,
      spam_check: 'staff-recorded',
      medical_treatment: true,
      created_at: new Date('2026-03-03T09:00:00Z'),
    });
    ids.pending = await insertReportRow(pool, { called_police: true, medical_treatment: true });
    ids.online = await insertReportRow(pool, {
      status: 'verified',
      incident_type: 'online',
      online_platform: 'x',
      created_at: new Date('2026-03-04T09:00:00Z'),
    });
    ids.onlineLater = await insertReportRow(pool, {
      status: 'verified',
      incident_type: 'online',
      incident_id: await incidentOf(ids.online),
      online_platform: 'facebook',
      created_at: new Date('2026-03-05T09:00:00Z'),
    });
    ids.alone = await insertReportRow(pool, {
      status: 'verified',
      source: 'patrol',
      recorded_by: cora,
      spam_check: 'staff-recorded',
    });
    revisionBefore = await revision();
    await runMigrations(pool);
  });
  afterAll(async () => {
    before.remove();
    await database.drop();
  });

  it('fills them in from the counting reports of each incident, and moves no public figure', async () => {
    expect(await said(ids.first)).toEqual({
      counts: true,
      anonymous: false,
      police: true,
      medical: true,
      sources: ['phone', 'web'],
      platform: null,
    });
    expect(await said(ids.pending)).toEqual(NOTHING_SAID);
    expect(await said(ids.online)).toMatchObject({ counts: true, anonymous: true, sources: ['web'], platform: 'x' });
    expect(await said(ids.alone)).toMatchObject({ counts: true, anonymous: true, sources: ['patrol'] });
    expect(await revision()).toBe(revisionBefore);
    expect(await drifted()).toEqual([]);
  });

  it('follows every change to the reports in the writer’s transaction', async () => {
    const run = (text: string, values: unknown[]) => pool.query(text, values);
    // The pending report is verified: its incident counts, with what it said.
    await run("update report set status = 'verified' where id = $1", [ids.pending]);
    expect(await said(ids.pending)).toMatchObject({ counts: true, anonymous: true, police: true, medical: true });
    // Its answers change while it counts (a correction): the incident follows.
    await run('update report set called_police = false where id = $1', [ids.pending]);
    expect(await said(ids.pending)).toMatchObject({ police: false, medical: true });
    // The earliest online report is rejected: the platform is the next one's.
    await run("update report set status = 'rejected', rejection_reason = 'spam' where id = $1", [ids.online]);
    expect(await said(ids.onlineLater)).toMatchObject({ counts: true, platform: 'facebook' });
    // The phone report is linked into the patrol's incident: both incidents follow.
    await run('update report set incident_id = $2 where id = $1', [ids.second, await incidentOf(ids.alone)]);
    expect(await said(ids.first)).toMatchObject({ medical: false, anonymous: false, sources: ['web'] });
    expect(await said(ids.alone)).toMatchObject({ medical: true, anonymous: true, sources: ['patrol', 'phone'] });
    // Held back by the spam check, the web report no longer counts: its incident keeps nothing.
    await run('update report set is_quarantined = true where id = $1', [ids.first]);
    expect(await said(ids.first)).toEqual(NOTHING_SAID);
    // A report erased: its incident is read again without it.
    await run('delete from report where id = $1', [ids.second]);
    expect(await said(ids.alone)).toMatchObject({ medical: false, sources: ['patrol'] });
    // A new counting report of an incident, inserted as a restore would write it.
    ids.onlineLater = await insertReportRow(pool, {
      status: 'verified',
      incident_type: 'online',
      incident_id: await incidentOf(ids.onlineLater),
      online_platform: 'tiktok',
      is_anonymous: false,
      created_at: new Date('2026-03-01T09:00:00Z'),
    });
    expect(await said(ids.onlineLater)).toMatchObject({ anonymous: false, platform: 'tiktok' });
    expect(await drifted()).toEqual([]);
  });

  it('refuses what no report could have said, and facts on an incident that does not count', async () => {
    const incident = await incidentOf(ids.alone);
    const notCounting = await incidentOf(ids.first);
    await expect(
      pool.query("update incident set reporters_sources = '{fax}' where id = $1", [incident]),
    ).rejects.toMatchObject({ constraint: 'incident_reporters_sources_check' });
    await expect(
      pool.query("update incident set reporters_platform = 'myspace' where id = $1", [incident]),
    ).rejects.toMatchObject({ constraint: 'incident_reporters_platform_check' });
    await expect(
      pool.query('update incident set reporters_called_police = true where id = $1 and not counts', [notCounting]),
    ).rejects.toMatchObject({ constraint: 'incident_reporters_said_counts' });
  });
});
