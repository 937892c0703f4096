import type { Encryption } from '../crypto/encryption.ts';
import type { StorageDriver } from './storage-driver.ts';

/**
 * Seals every file before it reaches the driver and opens it on the way back: whoever reads the
 * disk or the bucket sees only ciphertext. Metadata (size, MD5) describe the sealed bytes.
 */
export function createSealedStorage(driver: StorageDriver, encryption: Encryption): StorageDriver {
  return {
    bucket: driver.bucket,
    put: (fullPath, data, options) => driver.put(fullPath, encryption.seal(data), options),
    get: async (fullPath) => {
      const { data, metadata } = await driver.get(fullPath);
      return { data: encryption.open(data), metadata };
    },
    delete: (fullPath) => driver.delete(fullPath),
    list: (prefix) => driver.list(prefix),
  };
}
