import { parseArgs } from 'node:util';
import { databaseOn } from '../db/database.ts';
import { forgetSearchState, indexMissingReports } from '../services/casework/search-index.ts';
import { migrateInOwnProcess } from './backup-database.ts';
import { type Command, runCommandLine } from './command-line.ts';
import { openSealedSite } from './site-key.ts';

const USAGE = `Build the search index of the reports (decision 0055).

  npm run search-index
      indexes every report the index misses, or holds under another data key than the current
      one, now (the maintenance job does the same, 200 reports every ten minutes). Each report is
      opened and indexed in its own short transaction, beside the running site.
  npm run search-index -- --all
      indexes every report again (after a change of the master key, or to be sure).

Progress lines are counts only, never a word. Interrupted (Ctrl-C), it stops after the batch under
way; run it again to carry on. It uses the site's database (DATABASE_URL or the embedded database in
DATA_DIR), also while the site is running.`;

export const runSearchIndexCommand: Command = async (argv, env, out, signal) => {
  const { values } = parseArgs({
    args: argv,
    options: { all: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return out(USAGE);
  const { encryption, database } = await openSealedSite(env);
  try {
    await migrateInOwnProcess(env);
    const db = databaseOn(database.pool);
    if (values.all) await forgetSearchState(db);
    let indexed = 0;
    for (;;) {
      if (signal?.aborted) {
        out(`Interrupted after ${indexed} reports: run npm run search-index again to carry on.`);
        process.exitCode = 1;
        return;
      }
      const done = await indexMissingReports(db, encryption, 500);
      if (done === 0) break;
      indexed += done;
      out(`${indexed} reports indexed`);
    }
    out(`Done: ${indexed} reports indexed; every report is in the search index.`);
  } finally {
    await database.close();
  }
};

if (import.meta.main) {
  runCommandLine({ name: 'search-index', stopMessage: 'Stopping after the batch under way…' }, runSearchIndexCommand);
}
