import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Any fixed number, the same in every instance: it names the lock that serialises migrations. */
const MIGRATION_LOCK_ID = 7_305_118_204;

/**
 * Applies the pending migrations, all in one transaction: one that fails (a migration refusing
 * rows that break its new rules, decision 0016) leaves the database as it was. Safe to run twice
 * and from several instances at once: an advisory lock lets one instance migrate while the others
 * wait, then find nothing left to do.
 */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } catch (error) {
      throw databaseReason(error);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

/**
 * drizzle wraps a failed statement in an error whose message is the statement itself (a whole
 * migration); the operator needs PostgreSQL's own message, and its hint, instead.
 */
function databaseReason(error: unknown): unknown {
  const cause = error instanceof Error ? error.cause : undefined;
  if (!(cause instanceof Error) || !('code' in cause)) return error;
  const hint = 'hint' in cause && typeof cause.hint === 'string' ? `\n${cause.hint}` : '';
  return new Error(`The database could not be migrated: ${cause.message}${hint}`, { cause });
}
