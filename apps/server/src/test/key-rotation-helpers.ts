import { loadMasterKey } from '../crypto/encryption.ts';
import { createLogger } from '../logger.ts';
import type { RotationDependencies } from '../services/backup/key-rotation.ts';
import type { TestServer } from './test-server.ts';

/** The site's master key, as the rotation command reads it. */
export const masterKeyOf = (server: TestServer) =>
  loadMasterKey(server.config.encryptionKey, server.config.dataDir, createLogger('silent'));

/** What a key rotation of the site takes: silent, with 10 ms waits, unless the test says otherwise. */
export function rotationOf(server: TestServer, extra: Partial<RotationDependencies> = {}): RotationDependencies {
  return {
    pool: server.database.pool,
    files: server.services.fileStore,
    masterKey: masterKeyOf(server),
    keyringFile: server.config.keyringFile,
    print: () => {},
    settleMs: 10,
    uploadWindowMs: 10,
    ...extra,
  };
}
