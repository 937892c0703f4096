import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReportRow, migrationsBefore } from '../test/migrations-before.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';

const CONSTRAINTS_MIGRATION = '0009_database_constraints';

/** A report as the submission writes it, with `overrides` on top (column names as in SQL). */
const insertReport = (pool: pg.Pool, overrides: Record<string, unknown> = {}) => insertReportRow(pool, overrides);

async function insertStaff(pool: pg.Pool, role = 'coordinator'): Promise<string> {
  const id = randomUUID();
  await pool.query('insert into staff_user (id, name, email, role) values ($1, $2, $3, $4)', [
    id,
    'Cora',
    `${id}@example.org`,
    role,
  ]);
  return id;
}

/** What PostgreSQL answered: the SQLSTATE and the constraint's name. */
async function refusal(attempt: Promise<unknown>) {
  const error = (await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  )) as (Error & { code?: string; constraint?: string }) | undefined;
  expect(error, 'the database accepted the row').toBeDefined();
  return { code: error?.code, constraint: error?.constraint };
}

const countConstraints = async (pool: pg.Pool, names: string[]) =>
  (
    await pool.query<{ n: number }>(
      "select count(*)::int as n from pg_constraint where conname = any($1) and connamespace = 'public'::regnamespace",
      [names],
    )
  ).rows[0]?.n;

describe('the constraints of migration 0009', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = database.pool;
    await runMigrations(pool);
  });
  afterAll(() => database.drop());

  it('accepts the rows the site writes', async () => {
    const staff = await insertStaff(pool);
    const original = await insertReport(pool, { status: 'verified' });
    const { rows: incidents } = await pool.query<{ id: string }>(
      `update incident set municipality = 'Gent', province = 'east_flanders'
        where id = (select incident_id from report where id = $1) returning id`,
      [original],
    );
    // A report rejected as a duplicate before incidents keeps its reason, in its incident (decision 0037).
    const duplicate = await insertReport(pool, {
      status: 'rejected',
      rejection_reason: 'duplicate',
      incident_id: incidents[0]?.id,
      assigned_to: staff,
    });
    await insertReport(pool, { status: 'closed', rejection_reason: 'spam' });
    await pool.query(
      `insert into report_message (report_id, author, staff_id, body) values
         ($1, 'system', null, null), ($1, 'reporter', null, 'sealed'), ($1, 'staff', $2, 'sealed')`,
      [duplicate, staff],
    );
    await pool.query(
      `insert into public_incident (incident_id, incident_date, incident_type, municipality, province, summaries, original_language, published_by)
       values ($1, '2026-03-01', 'verbal', 'Gent', 'east_flanders', '{"nl": "Een samenvatting", "en": "A summary"}', 'nl', $2)`,
      [incidents[0]?.id, staff],
    );
    await pool.query(
      `insert into content_version (key, language, body, created_by) values
         ('aboutUs', 'he', 'text', $1), ('emergencyNumbers', 'all', '{}', $1)`,
      [staff],
    );
    await pool.query("insert into notification_outbox (kind) values ('newReport'), ('newMessage'), ('followUpReply')");
  });

  it('refuses a status outside the closed set', async () => {
    expect(await refusal(insertReport(pool, { status: 'open' }))).toEqual({
      code: '23514',
      constraint: 'report_status_check',
    });
  });

  it('refuses a thread message by an unknown author', async () => {
    const report = await insertReport(pool);
    expect(
      await refusal(
        pool.query("insert into report_message (report_id, author, body) values ($1, 'robot', 'sealed')", [report]),
      ),
    ).toEqual({ code: '23514', constraint: 'report_message_author_check' });
  });

  it('refuses an assignment to a staff member who does not exist', async () => {
    expect(await refusal(insertReport(pool, { assigned_to: 'no-such-staff-member' }))).toEqual({
      code: '23503',
      constraint: 'report_assigned_to_staff_user_id_fk',
    });
  });

  it('refuses a report in an incident that does not exist', async () => {
    expect(await refusal(insertReport(pool, { incident_id: randomUUID() }))).toEqual({
      code: '23503',
      constraint: 'report_incident_id_incident_id_fk',
    });
  });

  it('refuses rows that break the rules between columns', async () => {
    const staff = await insertStaff(pool);
    const report = await insertReport(pool);
    expect(await refusal(insertReport(pool, { status: 'rejected' }))).toMatchObject({
      constraint: 'report_rejected_has_reason',
    });
    expect(
      await refusal(
        pool.query(
          "update incident set municipality = 'Gent' where id = (select incident_id from report where id = $1)",
          [report],
        ),
      ),
    ).toMatchObject({ constraint: 'incident_place_complete' });
    expect(
      await refusal(
        pool.query("insert into report_message (report_id, author, body) values ($1, 'staff', 'sealed')", [report]),
      ),
    ).toMatchObject({ constraint: 'report_message_staff_id_for_staff' });
    expect(
      await refusal(
        pool.query("insert into report_message (report_id, author, staff_id, body) values ($1, 'reporter', $2, 'x')", [
          report,
          staff,
        ]),
      ),
    ).toMatchObject({ constraint: 'report_message_staff_id_for_staff' });
    expect(
      await refusal(
        pool.query("insert into content_version (key, language, body, created_by) values ('aboutUs', 'all', '', $1)", [
          staff,
        ]),
      ),
    ).toMatchObject({ constraint: 'content_version_numbers_for_all_languages' });
    expect(
      await refusal(pool.query("insert into content_version (key, language, body) values ('aboutUs', 'en', '')")),
    ).toMatchObject({ code: '23502' });
  });

  it('refuses to delete a staff member something still points to', async () => {
    const staff = await insertStaff(pool);
    await insertReport(pool, { assigned_to: staff });
    expect(await refusal(pool.query('delete from staff_user where id = $1', [staff]))).toEqual({
      code: '23503',
      constraint: 'report_assigned_to_staff_user_id_fk',
    });
  });

  it('checks, before changing anything, every constraint the migration adds', () => {
    const migration = fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${CONSTRAINTS_MIGRATION}.sql`), 'utf8');
    const [validation = '', ...changes] = migration.split('--> statement-breakpoint');
    expect(validation).toMatch(/^(--[^\n]*\n)*DO \$validate\$/);
    const body = changes.join('');
    const names = [...body.matchAll(/ADD CONSTRAINT "([^"]+)"/g)].map((match) => match[1]);
    expect(names.length).toBeGreaterThan(40);
    for (const name of names) expect(validation, name).toContain(`'${name}'`);
    const notNull = [...body.matchAll(/ALTER TABLE "([^"]+)" ALTER COLUMN "([^"]+)" SET NOT NULL/g)];
    expect(notNull.length).toBeGreaterThan(0);
    for (const [, table, column] of notNull) {
      expect(validation, `${table}.${column}`).toMatch(new RegExp(`\\('${table}', '[a-z_]+', '${column}', 'NOT NULL'`));
    }
  });
});

describe('migration 0009 on a database that holds rows breaking its rules', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let before: ReturnType<typeof migrationsBefore>;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = database.pool;
    // The migrations up to 0008, from a copy of the folder whose journal stops there.
    before = migrationsBefore(CONSTRAINTS_MIGRATION);
    expect(before.count).toBe(9);
    await runMigrations(pool, before.folder);
  });
  afterAll(async () => {
    before.remove();
    await database.drop();
  });

  const applied = async () =>
    (await pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n;

  it('refuses with the table, column, constraint and rows to fix, changes nothing, and succeeds once they are fixed', async () => {
    expect(await applied()).toBe(9);
    const open = await insertReport(pool, { status: 'open' });
    const alsoOpen = await insertReport(pool, { status: 'open' });
    const robot = await pool.query<{ id: string }>(
      "insert into report_message (report_id, author, body) values ($1, 'robot', 'sealed') returning id",
      [open],
    );
    const assigned = await insertReport(pool, { assigned_to: 'gone-staff-member' });

    const failure = await runMigrations(pool).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = failure?.message ?? '';
    expect(message).toContain('Migration 0009_database_constraints refused: 3 of its rules');
    expect(message).toContain('Nothing was changed.');
    const statusLine = message.split('\n').find((line) => line.startsWith('report.status '));
    expect(statusLine).toContain('report.status (report_status_check): 2 rows with a value outside (new, in_review');
    expect(statusLine).toContain([open, alsoOpen].sort().join(', '));
    expect(statusLine).toContain("(values 'open')");
    expect(message).toContain(
      `report_message.author (report_message_author_check): 1 row with a value outside (reporter, staff, system): ids ${robot.rows[0]?.id} (values 'robot')`,
    );
    expect(message).toContain(
      `report.assigned_to (report_assigned_to_staff_user_id_fk): 1 row naming a staff member who does not exist: ids ${assigned} (values 'gone-staff-member')`,
    );
    expect(message).toContain('Correct or delete the rows named above');

    // Nothing changed: no constraint, no new NOT NULL, 0009 not recorded, the rows as they were.
    expect(await applied()).toBe(9);
    expect(
      await countConstraints(pool, ['report_status_check', 'report_message_author_check', 'staff_user_role_check']),
    ).toBe(0);
    const notNull = await pool.query<{ is_nullable: string }>(
      "select is_nullable from information_schema.columns where table_name = 'report_note' and column_name = 'author_id'",
    );
    expect(notNull.rows[0]?.is_nullable).toBe('YES');
    const rows = await pool.query<{ status: string }>('select status from report where id = any($1)', [
      [open, alsoOpen],
    ]);
    expect(rows.rows.map((row) => row.status)).toEqual(['open', 'open']);

    await pool.query("update report set status = 'new' where status = 'open'");
    await pool.query("update report_message set author = 'reporter' where author = 'robot'");
    await pool.query('update report set assigned_to = null where id = $1', [assigned]);
    await runMigrations(pool);
    // 0009 and every migration after it.
    const all = fs.readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql')).length;
    expect(await applied()).toBe(all);
    expect(
      await countConstraints(pool, ['report_status_check', 'report_message_author_check', 'staff_user_role_check']),
    ).toBe(3);
  });
});
