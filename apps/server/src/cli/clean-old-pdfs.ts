import { parseArgs } from 'node:util';
import { cleanOldPdfs, countOldPdfs } from '../services/retention/clean-old-pdfs.ts';
import { migrateInOwnProcess, openBackupFiles } from './backup-database.ts';
import { type Command, runCommandLine } from './command-line.ts';
import { openSealedSite } from './site-key.ts';

const USAGE = `Clean the PDFs received before PDFs were cleaned (docs/deployment.md, upgrade notes; decision 0031).

  npm run clean-old-pdfs
      every PDF stored byte for byte before this version is rewritten without its metadata
      (author, XMP, embedded files, scripts) by the cleaner new uploads go through, sealed under
      a new name; its row then points to the cleaned file, with an audit row, and the original is
      deleted. A PDF that cannot be cleaned (encrypted, unreadable) is left as it is and named by
      its attachment id. Interrupted (Ctrl-C), it stops after the file under way; run it again to
      carry on: a second run changes nothing that is done.
  npm run clean-old-pdfs -- --status
      how many PDFs still wait to be cleaned; changes nothing

It uses the site's database and files (DATABASE_URL or the embedded database in DATA_DIR, the local
folder or the S3 bucket), also while the site is running.`;

export const runCleanOldPdfsCommand: Command = async (argv, env, out, signal) => {
  const { values } = parseArgs({
    args: argv,
    options: { status: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return out(USAGE);
  const { config, encryption, database } = await openSealedSite(env);
  try {
    // The column this command reads comes with migration 0020: a command run first on an upgraded
    // copy migrates as the site would.
    await migrateInOwnProcess(env);
    if (values.status) {
      out(`${await countOldPdfs(database.pool)} PDFs received before cleaning are still stored as received.`);
      return;
    }
    const files = await openBackupFiles(config, database.pool);
    const result = await cleanOldPdfs({ pool: database.pool, files, encryption, print: out, signal });
    if (result.interrupted) process.exitCode = 1;
  } finally {
    await database.close();
  }
};

if (import.meta.main) {
  runCommandLine({ name: 'clean-old-pdfs', stopMessage: 'Stopping after the file under way…' }, runCleanOldPdfsCommand);
}
