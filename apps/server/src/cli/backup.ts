import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { createEncryption, loadMasterKey } from '../crypto/encryption.ts';
import { runMigrations } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { createBackup, RestoreError, restoreBackup } from '../services/backup.ts';
import { createFileStore } from '../services/services.ts';
import { openDatabase } from './open-database.ts';

const USAGE = `Back up the whole site, or restore a backup into a fresh instance.

  npm run backup [-- --out FILE]     one sealed archive: database and files (default: backups/site-<time>.backup)
  npm run restore -- FILE            into this instance's database and files folder, which must be fresh

Both use the site's configuration (DATABASE_URL or the embedded database in DATA_DIR). The archive
opens only with this site's encryption key: keep ENCRYPTION_KEY (or DATA_DIR/encryption.key) safe,
and apart from the backups.`;

class UsageError extends Error {}

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

export async function runBackupCommand(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, file] = positionals;
  if (!command || values.help) return out(USAGE);
  if (command !== 'backup' && command !== 'restore') throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  if (command === 'restore' && !file) throw new UsageError('restore needs the backup file');

  const config = loadConfig(env);
  const logger = createLogger('warn', process.stderr);
  const encryption = createEncryption(loadMasterKey(config.encryptionKey, config.dataDir, logger));
  const files = createFileStore(config);
  const { database, embedded } = await openDatabase(config, logger);
  try {
    if (command === 'backup') {
      const archive = await createBackup(database.pool, files, encryption);
      const target = path.resolve(values.out ?? path.join('backups', `site-${stamp(new Date())}.backup`));
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      fs.writeFileSync(target, archive, { mode: 0o600, flag: 'wx' });
      fs.chmodSync(target, 0o600);
      out(`Backup written to ${target} (${(archive.length / 1024 / 1024).toFixed(1)} MB, readable by its owner only).`);
      return;
    }
    await runMigrations(database.pool);
    const summary = await restoreBackup(database.pool, files, encryption, fs.readFileSync(path.resolve(file ?? '')));
    const total = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
    out(
      `Restored the backup of ${summary.createdAt}: ${total} rows in ${Object.keys(summary.rows).length} tables, ${summary.files} files.`,
    );
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

if (import.meta.main) {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const [command, ...rest] = process.argv.slice(2);
  runBackupCommand([command ?? '', ...rest], process.env, (line) => console.log(line)).catch((error: Error) => {
    const isUsage =
      error instanceof UsageError ||
      error instanceof ConfigError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(
      `${command ?? 'backup'}: ${error instanceof RestoreError || isUsage ? error.message : `failed: ${error.message}`}`,
    );
    process.exit(isUsage ? 2 : 1);
  });
}
