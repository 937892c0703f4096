import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createEncryption, loadMasterKey } from '../crypto/encryption.ts';
import {
  fileKeyring,
  KeyringError,
  keyringFileIsUnwrapped,
  readKeyringState,
  writeKeyringState,
} from '../crypto/keyring.ts';
import { createLogger } from '../logger.ts';
import {
  countByKey,
  countFilesByKey,
  rotateDataKey,
  rotateLookupKey,
  uploadWindowMs,
} from '../services/backup/key-rotation.ts';
import { migrateInOwnProcess, openBackupDatabase, openBackupFiles } from './backup-database.ts';
import { type Command, runCommandLine, UsageError } from './command-line.ts';
import { requireSiteKey } from './site-key.ts';

const USAGE = `Rotate the site's keys (docs/deployment.md, "The keyring and key rotation"; decision 0023).

  npm run rotate-key
      a new data key; every sealed value and file re-sealed under it in batches while the site
      runs; the old key retired once nothing is left under it. Interrupted (Ctrl-C), it stops
      after the batch under way; run it again to carry on.
  npm run rotate-key -- --receipts
      a new receipt lookup key; the previous one retires when no receipt is left under it (run
      again later to check)
  npm run rotate-key -- --status
      how many values, files and receipts lie under each key; changes nothing
  npm run rotate-key -- --wrap
      rewrites a keyring file of the older format (keys unwrapped) with every key wrapped under
      the master key; changes no key (each rotation does this too)

The keys live in the keyring file (KEYRING_FILE, else DATA_DIR/keyring.json) beside the master key
(ENCRYPTION_KEY or DATA_DIR/encryption.key). Every instance of the site must read the same keyring
file. Back it up after each rotation.`;

export const runRotateKeyCommand: Command = async (argv, env, out, signal) => {
  const { values } = parseArgs({
    args: argv,
    options: {
      receipts: { type: 'boolean' },
      status: { type: 'boolean' },
      wrap: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return out(USAGE);
  if ([values.receipts, values.status, values.wrap].filter(Boolean).length > 1) {
    throw new UsageError('give one of --receipts, --status and --wrap');
  }
  const config = loadConfig(env);
  requireSiteKey(config, (message) => new KeyringError(message));
  const logger = createLogger('warn', process.stderr);
  const masterKey = loadMasterKey(config.encryptionKey, config.dataDir, logger);
  if (values.wrap) {
    if (!keyringFileIsUnwrapped(config.keyringFile)) return out('The keyring file has nothing to wrap.');
    writeKeyringState(masterKey, config.keyringFile, readKeyringState(masterKey, config.keyringFile));
    return out(`Every key of the keyring file is now wrapped under the master key (${config.keyringFile}).`);
  }
  const database = await openBackupDatabase(config, logger);
  try {
    // The site beside it has migrated already; a command run first on an upgraded copy must too.
    await migrateInOwnProcess(env);
    const files = await openBackupFiles(config, database.pool);
    if (values.status) {
      const encryption = createEncryption(masterKey, fileKeyring(masterKey, config.keyringFile));
      const state = readKeyringState(masterKey, config.keyringFile);
      const counts = await countByKey(database.pool);
      const fileCounts = await countFilesByKey(files, encryption);
      const list = (counts: Record<number, number>) =>
        Object.entries(counts)
          .map(([id, total]) => `key ${id}: ${total}`)
          .join(', ') || 'none';
      out(`Data key: ${state.data.current} (retired: ${state.data.retired.join(', ') || 'none'})`);
      out(`  sealed values by key: ${list(counts.values)}`);
      out(`  files by key: ${list(fileCounts)}`);
      out(`Receipt lookup key: ${state.lookup.current} (retired: ${state.lookup.retired.join(', ') || 'none'})`);
      out(`  receipts by key: ${list(counts.receipts)}`);
      if (keyringFileIsUnwrapped(config.keyringFile)) {
        out('The keyring file holds its keys unwrapped (an older format): npm run rotate-key -- --wrap wraps them.');
      }
      return;
    }
    if (values.receipts) {
      await rotateLookupKey({ pool: database.pool, masterKey, keyringFile: config.keyringFile, print: out });
      return;
    }
    const result = await rotateDataKey({
      pool: database.pool,
      files,
      masterKey,
      keyringFile: config.keyringFile,
      print: out,
      signal,
      uploadWindowMs: uploadWindowMs(config.uploads.waitMs),
    });
    if (result.outcome !== 'retired') process.exitCode = 1;
  } finally {
    await database.close();
  }
};

if (import.meta.main) {
  runCommandLine(
    { name: 'rotate-key', knownErrors: [KeyringError], stopMessage: 'Stopping after the batch under way…' },
    runRotateKeyCommand,
  );
}
