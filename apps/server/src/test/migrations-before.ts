import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
