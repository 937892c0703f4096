import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';

/**
 * A copy of the migrations folder whose journal stops before the migration `tag`: a database
 * migrated with it is one of the release before, on which the test writes the rows that
 * migration must carry over. `count`: how many migrations the copy applies.
 */
export function migrationsBefore(tag: string): { folder: string; count: number; remove(): void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const count = journal.entries.findIndex((entry) => entry.tag === tag);
  if (count < 0) throw new Error(`no migration ${tag} in ${MIGRATIONS_FOLDER}`);
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, count, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A report row written by SQL alone (column names as in SQL), as a migration test needs on a schema
 * older than the code's: the columns every schema since 0009 requires, with `values` on top.
 */
export async function insertReportRow(pool: pg.Pool, values: Record<string, unknown> = {}): Promise<string> {
  const row: Record<string, unknown> = {
    id: randomUUID(),
    language: 'nl',
    is_anonymous: true,
    incident_date: '2026-03-01',
    location: 'sealed',
    incident_type: 'verbal',
    description: 'sealed',
    called_police: false,
    called_organisation: false,
    medical_treatment: false,
    terms_accepted_at: new Date(),
    ...values,
  };
  const columns = Object.keys(row);
  await pool.query(
    `insert into report (${columns.map((column) => `"${column}"`).join(', ')})
     values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
    Object.values(row),
  );
  return row.id as string;
}
