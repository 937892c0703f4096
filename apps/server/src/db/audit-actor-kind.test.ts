import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../test/migrations-before.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { runMigrations } from './migrate.ts';

const ACTOR_KIND_MIGRATION = '0021_audit_actor_kind';

/** An audit row as the release before wrote it: no actor kind; who acted was in `details.via`. */
async function oldRow(pool: pg.Pool, action: string, actorId: string | null, details: object): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    'insert into audit_event (action, actor_id, details) values ($1, $2, $3::jsonb) returning id',
    [action, actorId, JSON.stringify(details)],
  );
  return Number(rows[0]?.id);
}

const kindsOf = async (pool: pg.Pool, ids: number[]) =>
  (
    await pool.query<{ id: string; actor_kind: string; details: object }>(
      'select id, actor_kind, details from audit_event where id = any($1) order by id',
      [ids],
    )
  ).rows.map((row) => [row.actor_kind, row.details]);

/** What PostgreSQL answered: the constraint that refused the row. */
const refusedBy = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'accepted',
    (error: { constraint?: string }) => error.constraint,
  );

// Migration 0021 (issue 29): who acted gets a column of its own, and the rows written before it
// say it the old way (a member's id, `via: command-line`, `via: retention`, the orphan sweep).
describe('migration 0021 on a database of the release before', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let before: ReturnType<typeof migrationsBefore>;
  let member: string;
  let ids: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = database.pool;
    before = migrationsBefore(ACTOR_KIND_MIGRATION);
    await runMigrations(pool, before.folder);
    member = randomUUID();
    await pool.query("insert into staff_user (id, name, email, role) values ($1, 'Ada', $2, 'admin')", [
      member,
      `${member}@example.org`,
    ]);
    ids = [
      await oldRow(pool, 'report.status-changed', member, { from: 'new', to: 'in_review' }),
      await oldRow(pool, 'staff.created', null, { role: 'admin', via: 'command-line' }),
      await oldRow(pool, 'report.personal-data-erased', null, { via: 'retention', months: 24, files: 0 }),
      await oldRow(pool, 'storage.orphans-removed', null, { count: 2 }),
      await oldRow(pool, 'sign-in.failed', null, { reason: 'unknown-account' }),
    ];
    await runMigrations(pool);
  });
  afterAll(async () => {
    before.remove();
    await database.drop();
  });

  it('names the actor of every earlier row, and leaves what the rows said as it was', async () => {
    expect(await kindsOf(pool, ids)).toEqual([
      ['member', { from: 'new', to: 'in_review' }],
      ['command-line', { role: 'admin', via: 'command-line' }],
      ['job', { via: 'retention', months: 24, files: 0 }],
      ['job', { count: 2 }],
      ['visitor', { reason: 'unknown-account' }],
    ]);
  });

  it('gives a row restored from an older backup, which has no actor kind, the same rule', async () => {
    const restored = await oldRow(pool, 'staff.disabled', null, { via: 'command-line' });
    expect(await kindsOf(pool, [restored])).toEqual([['command-line', { via: 'command-line' }]]);
  });

  it('refuses an actor kind outside the closed set, and a member without an id or an id that is no member', async () => {
    const insert = (kind: string, actorId: string | null) =>
      pool.query("insert into audit_event (action, actor_id, actor_kind) values ('sign-out', $1, $2)", [actorId, kind]);
    expect(await refusedBy(insert('robot', null))).toBe('audit_event_actor_kind_check');
    expect(await refusedBy(insert('member', null))).toBe('audit_event_actor_is_member');
    expect(await refusedBy(insert('command-line', member))).toBe('audit_event_actor_is_member');
    expect(await refusedBy(insert('member', member))).toBe('accepted');
  });
});
