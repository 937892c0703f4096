import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReportRow, migrationsBefore } from '../test/migrations-before.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { runMigrations } from './migrate.ts';

const STAFF_RECORDED_MIGRATION = '0039_staff_recorded_spam_check';

// Migration 0039 (decision 0057): the reports a member recorded from another channel (decision
// 0051) were stored as `proof-of-work`; they say `staff-recorded` now, and nothing else changes.
describe('migration 0039 on a database of the release before, holding staff-recorded reports', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let before: ReturnType<typeof migrationsBefore>;
  const ids = {} as Record<'phone' | 'patrol' | 'web' | 'plain', string>;
  let revisionBefore: number;

  const checks = async () =>
    Object.fromEntries(
      (
        await pool.query<{ id: string; spam_check: string }>('select id, spam_check from report where id = any($1)', [
          Object.values(ids),
        ])
      ).rows.map((row) => [row.id, row.spam_check]),
    );
  const revision = async () =>
    Number((await pool.query<{ value: string }>('select value from site_revision where id = 1')).rows[0]?.value);

  beforeAll(async () => {
    before = migrationsBefore(STAFF_RECORDED_MIGRATION);
    database = await createTestDatabase();
    ({ pool } = database);
    await runMigrations(pool, before.folder);
    const { rows } = await pool.query<{ id: string }>(
      "insert into staff_user (id, name, email, role) values (gen_random_uuid()::text, 'Cora', $1, 'coordinator') returning id",
      [`cora-${randomUUID()}@example.org`],
    );
    const cora = rows[0]?.id;
    // As decision 0051's operation wrote them: another channel, its member, and `proof-of-work`.
    ids.phone = await insertReportRow(pool, { source: 'phone', recorded_by: cora, spam_check: 'proof-of-work' });
    ids.patrol = await insertReportRow(pool, { source: 'patrol', recorded_by: cora, status: 'verified' });
    // Two web reports: with the proof of work, and sent without JavaScript.
    ids.web = await insertReportRow(pool, { spam_check: 'proof-of-work', status: 'verified' });
    ids.plain = await insertReportRow(pool, { spam_check: 'form-token' });
    revisionBefore = await revision();
    await runMigrations(pool);
  });
  afterAll(async () => {
    before.remove();
    await database.drop();
  });

  it('gives every report recorded by a member the value of its own, and leaves the web reports as they were', async () => {
    expect(await checks()).toEqual({
      [ids.phone]: 'staff-recorded',
      [ids.patrol]: 'staff-recorded',
      [ids.web]: 'proof-of-work',
      [ids.plain]: 'form-token',
    });
    // No figure moved: the column is no part of what counts, so the site's pages stay as they were.
    expect(await revision()).toBe(revisionBefore);
  });

  it('refuses a value outside the closed set, and `staff-recorded` on a report from the web form', async () => {
    const set = (id: string, value: string) =>
      pool.query('update report set spam_check = $2 where id = $1', [id, value]);
    await expect(set(ids.web, 'captcha')).rejects.toMatchObject({ constraint: 'report_spam_check_check' });
    await expect(set(ids.web, 'staff-recorded')).rejects.toMatchObject({ constraint: 'report_staff_recorded_not_web' });
    await expect(set(ids.plain, 'staff-recorded')).rejects.toMatchObject({
      constraint: 'report_staff_recorded_not_web',
    });
    await expect(set(ids.phone, 'staff-recorded')).resolves.toMatchObject({ rowCount: 1 });
  });
});
