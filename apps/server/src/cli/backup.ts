import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config.ts';
import { loadSiteEncryption } from '../crypto/encryption.ts';
import { createLogger } from '../logger.ts';
import { createJobRecorder, reasonOf } from '../monitoring/jobs.ts';
import { createBackup, restoreBackup, verifyBackup } from '../services/backup/backup.ts';
import { BackupError } from '../services/backup/backup-format.ts';
import { formatBytes, formatDuration, newProgress, showProgress } from '../services/backup/backup-progress.ts';
import { migrateInOwnProcess, openBackupDatabase, openBackupFiles } from './backup-database.ts';
import { ARCHIVE_NAME, archiveName, pruneArchives, writeArchiveFile } from './backup-folder.ts';
import { runCommandLine, UsageError } from './command-line.ts';
import { requireSiteKey } from './site-key.ts';

const USAGE = `Back up the whole site, check a backup, or restore one into a fresh instance.

  npm run backup [-- --out FILE | --dir FOLDER] [--keep N]
      one sealed archive of the database and the files, written as it is read
      (default: backups/site-<time>.backup); --keep N then deletes this site's older
      archives in that folder beyond the newest N
  npm run backup:verify FILE
      checks every record of an archive (checksums, seals, order, completeness) without
      restoring it, and says what it holds
  npm run restore -- FILE
      checks the whole archive, then restores it into this instance's database and files
      folder, which must be fresh

They use the site's configuration (DATABASE_URL or the embedded database in DATA_DIR). An archive
opens only with this site's encryption key and the keyring it was sealed under: keep ENCRYPTION_KEY
(or DATA_DIR/encryption.key) and a copy of the keyring file (DATA_DIR/keyring.json) made after each
key rotation safe, and apart from the backups. On a terminal they show their progress.`;

const count = (value: number) => value.toLocaleString('en-GB');
/** "1 file", "2 files", "12,000 rows". */
const counted = (value: number, noun: string) => `${count(value)} ${noun}${value === 1 ? '' : 's'}`;
/** What an archive holds: "12 rows in 14 tables, 1 file". */
const contents = (tables: Record<string, number>, files: number) =>
  `${counted(sum(tables), 'row')} in ${counted(Object.keys(tables).length, 'table')}, ${counted(files, 'file')}`;
const sum = (values: Record<string, number>) => Object.values(values).reduce((total, value) => total + value, 0);

/** The site's key; never a new one, which could open no archive. */
function siteKey(config: Config) {
  requireSiteKey(config, (message) => new BackupError(message));
  return loadSiteEncryption(config, createLogger('warn', process.stderr)).encryption;
}

function keepOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value)) throw new UsageError(`--keep needs a number of archives, 1 or more (got "${value}")`);
  return Number(value);
}

export async function runBackupCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  progressStream: NodeJS.WriteStream = process.stderr,
) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      dir: { type: 'string' },
      keep: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, file] = positionals;
  if (!command || values.help) return out(USAGE);
  if (command !== 'backup' && command !== 'restore' && command !== 'verify') {
    throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  }
  if (command !== 'backup' && !file) throw new UsageError(`${command} needs the backup file`);
  const archive = path.resolve(file ?? '');
  if (command !== 'backup' && !fs.existsSync(archive)) throw new BackupError(`There is no file ${archive}.`);
  const keep = keepOption(values.keep);
  if (values.out && values.dir) throw new UsageError('give --out FILE or --dir FOLDER, not both');
  if (keep !== undefined && values.out && !ARCHIVE_NAME.test(path.basename(values.out))) {
    throw new UsageError(
      '--keep prunes archives named as the backup names them (site-YYYYMMDD-HHMMSS.backup): use --dir FOLDER instead of --out',
    );
  }

  const config = loadConfig(env);
  const encryption = siteKey(config);

  if (command === 'verify') {
    const progress = newProgress('Checking');
    const stop = showProgress(progress, progressStream);
    const summary = await verifyBackup(archive, encryption, progress).finally(stop);
    const { header } = summary;
    const tables = Object.entries(summary.tables);
    out(
      `${archive}: complete and intact. Every record matches its checksum and opens with this site's key.\n` +
        `  Made ${header.createdAt}${header.site ? ` by ${header.site}` : ''} (format ${header.format}, ${header.migrations} migrations).\n` +
        `  ${contents(summary.tables, summary.files)} (${formatBytes(summary.fileBytes)}); ${formatBytes(summary.bytes)} in all.\n` +
        `  ${tables.map(([name, rows]) => `${name} ${count(rows)}`).join(' · ')}`,
    );
    return;
  }

  const database = await openBackupDatabase(config, createLogger('warn', process.stderr));
  const files = await openBackupFiles(config, database.pool);
  try {
    if (command === 'backup') {
      const target = path.resolve(values.out ?? path.join(values.dir ?? 'backups', archiveName(new Date())));
      const progress = newProgress('Backing up');
      const stop = showProgress(progress, progressStream);
      // The outcome goes to the database when it can be reached, for the metrics and the alerts
      // (decision 0030): a backup that fails from cron shows on the admin dashboard.
      const jobs = createJobRecorder(database.pool);
      const summary = await writeArchiveFile(target, (sink) =>
        createBackup(database.pool, files, encryption, sink, { site: config.publicUrl, progress }),
      )
        .catch(async (error: unknown) => {
          await jobs.failure('backup', reasonOf(error));
          throw error;
        })
        .finally(stop);
      await jobs.success('backup');
      out(
        `Backup written to ${target} (${formatBytes(summary.bytes)}: ${contents(summary.tables, summary.files)}; readable by its owner only; ${formatDuration(Date.now() - progress.startedAt)}).`,
      );
      if (summary.vanished > 0) {
        out(
          `${counted(summary.vanished, 'file')} listed at the start were deleted by the site (retention) before their turn came; they are not in the archive.`,
        );
      }
      if (keep !== undefined) {
        const deleted = await pruneArchives(target, keep, encryption, config.publicUrl);
        out(
          deleted.length === 0
            ? `No older backup of this site to remove (--keep ${keep}).`
            : `Removed ${counted(deleted.length, 'older backup')} of this site (--keep ${keep}): ${deleted.map((name) => path.basename(name)).join(', ')}.`,
        );
      }
      return;
    }
    const progress = newProgress('Checking');
    const stop = showProgress(progress, progressStream);
    const summary = await restoreBackup(database.pool, files, encryption, archive, {
      progress,
      migrate: () => migrateInOwnProcess(env),
    }).finally(stop);
    out(`Restored the backup of ${summary.createdAt}: ${contents(summary.rows, summary.files)}.`);
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  const [command, ...rest] = process.argv.slice(2);
  runCommandLine({ name: command || 'backup', knownErrors: [BackupError] }, (_argv, env, out) =>
    runBackupCommand([command ?? '', ...rest], env, out),
  );
}
