import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/use-test-server.ts';
import { runMigrations } from './migrate.ts';

describe('runMigrations', () => {
  const database = useTestDatabase();

  it('creates the schema, and running it again (even from two instances at once) changes nothing', async () => {
    await runMigrations(database.pool);
    await Promise.all([runMigrations(database.pool), runMigrations(database.pool)]);
    await runMigrations(database.pool);

    const tables = await database.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(tables.rows.map((row) => row.table_name)).toContain('app_setting');
    const applied = await database.pool.query('select count(*)::int as count from drizzle.__drizzle_migrations');
    expect(applied.rows[0].count).toBeGreaterThanOrEqual(1);
    const firstCount = applied.rows[0].count;
    await runMigrations(database.pool);
    const again = await database.pool.query('select count(*)::int as count from drizzle.__drizzle_migrations');
    expect(again.rows[0].count).toBe(firstCount);
  });
});
