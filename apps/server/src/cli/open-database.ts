import type { Config } from '../config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { createDatabase } from '../db/database.ts';
import { type EmbeddedPostgres, embeddedPoolConfig, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import type { Logger } from '../logger.ts';

/**
 * The site's database for a command: DATABASE_URL, or the embedded one, started for the command
 * or, while the site runs, reached through the running site's socket.
 */
export async function openDatabase(config: Config, logger: Logger) {
  if (config.databaseUrl) return { database: createDatabase(config.databaseUrl, logger), embedded: undefined };
  let embedded: EmbeddedPostgres | undefined;
  try {
    embedded = await startEmbeddedPostgres(config.dataDir, logger);
  } catch (error) {
    // The site is running on this data directory: use its database through its socket.
    if (!(error instanceof DataDirInUseError)) throw error;
  }
  const database = createDatabase(embedded?.poolConfig ?? embeddedPoolConfig(config.dataDir), logger);
  return { database, embedded };
}
