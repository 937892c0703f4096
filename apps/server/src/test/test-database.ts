import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';

export type TestDatabase = Database & { url: string; drop(): Promise<void> };

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A new, empty database on the test server, for one test file; `drop()` removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject(
    process.env.TEST_DB_TARGET === 'external' ? 'adminDatabaseUrl:external' : 'adminDatabaseUrl:embedded',
  );
  if (!adminUrl) throw new Error(`No test database server for target ${process.env.TEST_DB_TARGET}`);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = createDatabase(url, createLogger('silent'));
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
