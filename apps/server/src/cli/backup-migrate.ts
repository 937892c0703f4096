import { loadConfig } from '../config.ts';
import { runMigrations } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { openDatabase } from './open-database.ts';

/**
 * The migrations alone, run by `npm run restore` in a process of its own (cli/backup-database.ts
 * says why): with the restore's settings, it reaches the database that process has open, the
 * embedded one through its socket.
 */
if (import.meta.main) {
  try {
    const { database, embedded } = await openDatabase(loadConfig(process.env), createLogger('warn', process.stderr));
    try {
      await runMigrations(database.pool);
    } finally {
      await database.close();
      await embedded?.stop();
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
