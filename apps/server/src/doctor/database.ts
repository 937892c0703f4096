import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import { type Finding, ok } from './finding.ts';

/** The oldest PostgreSQL the site supports (docs/deployment.md, section 7). */
const OLDEST_POSTGRES = 15;

/** The migrations this build ships, in drizzle's journal. */
export function shippedMigrationCount(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** The database reachable, its version, and its migrations against this build's. */
export async function databaseFindings(
  pool: Pick<pg.Pool, 'query'>,
  shipped = shippedMigrationCount(),
): Promise<Finding[]> {
  let version: number;
  let versionText: string;
  try {
    const { rows } = await pool.query<{ number: string; text: string }>(
      "select current_setting('server_version_num') as number, current_setting('server_version') as text",
    );
    version = Math.floor(Number(rows[0]?.number) / 10_000);
    versionText = String(rows[0]?.text).split(' ')[0] ?? '';
  } catch (error) {
    return [
      {
        check: 'database',
        severity: 'blocker',
        message: `The database cannot be reached: ${(error as Error).message}.`,
        fix: 'Check DATABASE_URL (or, with the embedded database, DATA_DIR/postgres.log).',
      },
    ];
  }
  const findings: Finding[] = [];
  if (version < OLDEST_POSTGRES) {
    findings.push({
      check: 'database',
      severity: 'blocker',
      message: `PostgreSQL ${versionText} is older than ${OLDEST_POSTGRES}, the oldest the site supports.`,
      fix: 'Upgrade the database server (docs/deployment.md, section 7).',
    });
  }
  const { rows } = await pool.query<{ applied: number | null }>(
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
                 else (select count(*)::int from drizzle.__drizzle_migrations) end as applied`,
  );
  const applied = Number(rows[0]?.applied ?? 0);
  if (applied > shipped) {
    findings.push({
      check: 'migrations',
      severity: 'blocker',
      message: `The database has ${applied} migrations, this version of the site knows ${shipped}: it was migrated by a newer version.`,
      fix: 'Install that newer version again; going back needs the backup made before the upgrade (restore into a fresh instance).',
    });
  } else if (applied < shipped) {
    findings.push({
      check: 'migrations',
      severity: 'warning',
      message: `${shipped - applied} of this version's ${shipped} migrations are not applied yet: the site applies them when it starts.`,
      fix: 'Make a backup, then start (or restart) the site.',
    });
  } else {
    findings.push(ok('migrations', `Every migration of this version is applied (${applied}).`));
  }
  findings.unshift(ok('database', `PostgreSQL ${versionText} answers.`));
  return findings;
}
