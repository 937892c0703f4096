import fs from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from '../config.ts';
import { loadSiteEncryption } from '../crypto/encryption.ts';
import { createLogger } from '../logger.ts';
import { openBackupDatabase } from './backup-database.ts';
import { UsageError } from './command-line.ts';

/**
 * Stops a command that reads sealed data when the site has no key yet (no ENCRYPTION_KEY, no key
 * file): the key a first start would make could open nothing. `fail` makes the command's own error.
 */
export function requireSiteKey(
  config: Config,
  fail: (message: string) => Error = (message) => new UsageError(message),
) {
  const keyFile = path.join(config.dataDir, 'encryption.key');
  if (!config.encryptionKey && !fs.existsSync(keyFile)) {
    throw fail(`No encryption key: set ENCRYPTION_KEY, or put the site's key in ${keyFile}.`);
  }
}

/**
 * The site's configuration, its encryption (never a new key) and its database, for a command that
 * works on sealed data beside the running site; the caller closes the database.
 */
export async function openSealedSite(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  requireSiteKey(config);
  const logger = createLogger('warn', process.stderr);
  const { encryption } = loadSiteEncryption(config, logger);
  const database = await openBackupDatabase(config, logger);
  return { config, encryption, database };
}
