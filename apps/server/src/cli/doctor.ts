import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { type Config, loadConfig } from '../config.ts';
import { confirmKeyBackup } from '../doctor/key-backup.ts';
import { type DoctorInputs, formatFindings, runDoctor } from '../doctor/run-doctor.ts';
import { createLogger } from '../logger.ts';
import { createLocalDiskStorage } from '../storage/local-disk-storage.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { openBackupDatabase } from './backup-database.ts';
import { runCommandLine, UsageError } from './command-line.ts';

const DEFAULT_TIME_SERVER = 'pool.ntp.org';

const USAGE = `Check the site's settings and surroundings, and say how to put each problem right.

  npm run doctor [-- --time-server HOST|none] [--key-backed-up]

It checks PUBLIC_URL, TRUST_PROXY against the requests the site received, SMTP (it signs in,
sends nothing) and the notification lists, the encryption key backed up since it last changed, a
recent backup, the database (reachable, version, migrations), the storage (writes, reads and
deletes a test file), the free disk space, and the clock against a time server (default
${DEFAULT_TIME_SERVER}; none to skip). It exits with status 1 when it finds a blocker.

  --key-backed-up   say that the encryption key (ENCRYPTION_KEY or DATA_DIR/encryption.key) and
                    the keyring file, as they are now, are copied somewhere safe; a key rotation
                    asks for it again

It uses the site's settings, beside the running site or without it; it changes nothing else.`;

/** The site's file store as stored (no spool, no seal): the probe only needs to write and read. */
async function fileStore(config: Config): Promise<StorageDriver> {
  if (config.storage.driver !== 's3') return createLocalDiskStorage(path.join(config.dataDir, 'storage'));
  const { createS3Storage } = await import('../storage/s3-storage.ts');
  return createS3Storage(config.storage);
}

export async function runDoctorCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  overrides: Partial<Pick<DoctorInputs, 'readFreeSpace' | 'ntpPort' | 'smtpTimeoutMs'>> = {},
): Promise<{ blockers: number }> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'time-server': { type: 'string' },
      'key-backed-up': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    out(USAGE);
    return { blockers: 0 };
  }
  if (positionals.length > 0) throw new UsageError(`unexpected "${positionals.join(' ')}"\n\n${USAGE}`);
  const timeServer = values['time-server'] ?? DEFAULT_TIME_SERVER;
  const config = loadConfig(env);
  const logger = createLogger('warn', process.stderr);
  // Without a database yet (the embedded one before the first start), none is made here.
  const hasDatabase = Boolean(config.databaseUrl) || fs.existsSync(path.join(config.dataDir, 'postgres'));
  const database = hasDatabase ? await openBackupDatabase(config, logger) : undefined;
  try {
    const pool: pg.Pool | undefined = database?.pool;
    if (values['key-backed-up']) {
      if (!pool) throw new UsageError('there is no database yet: start the site once, then confirm the key backup');
      const files = await confirmKeyBackup(config, pool);
      out(
        `Noted: the keys as they are now are kept safe (${files.join(', ')}); doctor asks again after a key rotation.`,
      );
      out('');
    }
    const findings = await runDoctor({
      config,
      pool,
      storage: await fileStore(config),
      ntpServer: timeServer === 'none' ? undefined : timeServer,
      ...overrides,
    });
    for (const line of formatFindings(findings)) out(line);
    return { blockers: findings.filter((finding) => finding.severity === 'blocker').length };
  } finally {
    await database?.close();
  }
}

if (import.meta.main) {
  runCommandLine({ name: 'doctor' }, async (argv, env, out) => {
    const { blockers } = await runDoctorCommand(argv, env, out);
    if (blockers > 0) process.exitCode = 1;
  });
}
