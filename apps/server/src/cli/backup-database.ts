import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { type EmbeddedPostgres, embeddedPoolConfig, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import type { Logger } from '../logger.ts';
import { createLocalDiskStorage } from '../storage/local-disk-storage.ts';
import { createSpoolingStore } from '../storage/spool.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';

/**
 * The database and the files for the backup commands, opened with as little code loaded as
 * possible: these commands run beside the site on small servers, and their memory must stay
 * small whatever the size of the data (decision 0019). Loading drizzle-orm as an ES module
 * costs about 200 MB of peak memory by itself (Node 24), and the site's services load it, so
 * the commands use a bare pg pool, as open-database.ts does otherwise (DATABASE_URL, or the
 * embedded database, started for the command or reached through the running site's socket),
 * and run the migrations in a process of their own.
 */
export async function openBackupDatabase(config: Config, logger: Logger) {
  let embedded: EmbeddedPostgres | undefined;
  let poolConfig: pg.PoolConfig;
  if (config.databaseUrl) poolConfig = { connectionString: config.databaseUrl };
  else {
    try {
      embedded = await startEmbeddedPostgres(config.dataDir, logger);
    } catch (error) {
      // The site is running on this data directory: use its database through its socket.
      if (!(error instanceof DataDirInUseError)) throw error;
    }
    poolConfig = embedded?.poolConfig ?? embeddedPoolConfig(config.dataDir);
  }
  const pool = new pg.Pool({ ...poolConfig, max: 2, application_name: 'community-safety-backup' });
  pool.on('error', (error) => logger.warn({ err: { message: error.message } }, 'an idle database connection failed'));
  return {
    pool,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}

/**
 * The site's files as stored: the local folder, or the S3 bucket (its client loaded only then),
 * with the spool in front (decision 0025), so that a file not yet moved to storage is found too.
 */
export async function openBackupFiles(config: Config, pool: pg.Pool): Promise<StorageDriver> {
  if (config.storage.driver !== 's3') {
    return createSpoolingStore(createLocalDiskStorage(path.join(config.dataDir, 'storage')), pool);
  }
  const { createS3Storage } = await import('../storage/s3-storage.ts');
  return createSpoolingStore(createS3Storage(config.storage), pool);
}

/**
 * Applies the migrations (db/migrate.ts) in a short-lived process of its own (backup-migrate.ts),
 * with the same settings, which reaches the database this process has open.
 */
export async function migrateInOwnProcess(env: NodeJS.ProcessEnv) {
  const script = path.join(import.meta.dirname, 'backup-migrate.ts');
  try {
    await promisify(execFile)(process.execPath, [script], { env });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`the database could not be migrated: ${stderr?.trim() || (error as Error).message}`);
  }
}
