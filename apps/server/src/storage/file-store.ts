import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { StorageDriver } from './storage-driver.ts';

/** Where the files live, as stored (sealed by `createSealedStorage` on top): a folder or a bucket. */
export function createFileStore(config: Config): StorageDriver {
  return config.storage.driver === 's3'
    ? createS3Storage(config.storage)
    : createLocalDiskStorage(path.join(config.dataDir, 'storage'));
}
