import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEncryption } from '../crypto/encryption.ts';
import { createSealedStorage } from './sealed-storage.ts';
import type { StorageDriver } from './storage-driver.ts';

export type DriverUnderTest = {
  driver: StorageDriver;
  /** The bytes as the driver keeps them (on disk, in the bucket). */
  readRaw(fullPath: string): Promise<Buffer>;
  /** Changes the kept bytes behind the driver's back, leaving its metadata alone. */
  corrupt(fullPath: string): Promise<void>;
};

/**
 * The behaviour every storage driver owes the site, sealed as the site uses it: the local disk
 * and the S3 driver run the same suite.
 */
export function describeStorageDriver(name: string, setUp: () => DriverUnderTest) {
  describe(`${name}, sealed`, () => {
    const photo = Buffer.concat([Buffer.from('graffiti photo bytes '), randomBytes(2000)]);
    const context = () => {
      const underTest = setUp();
      return { ...underTest, storage: createSealedStorage(underTest.driver, createEncryption(randomBytes(32))) };
    };

    it('stores a file with the spec metadata, sealed at rest, and gives it back', async () => {
      const { storage, readRaw } = context();
      const metadata = await storage.put('reports/r1/a1.jpg', photo, { contentType: 'image/jpeg' });
      expect(metadata).toMatchObject({
        bucket: 'attachments',
        fullPath: 'reports/r1/a1.jpg',
        name: 'a1.jpg',
        metageneration: 1,
        contentType: 'image/jpeg',
        customMetadata: {},
      });
      expect(metadata.md5Hash).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const raw = await readRaw('reports/r1/a1.jpg');
      expect(raw.includes(Buffer.from('graffiti photo bytes'))).toBe(false);
      const back = await storage.get('reports/r1/a1.jpg');
      expect(back.data.equals(photo)).toBe(true);
      expect(back.metadata.md5Hash).toBe(metadata.md5Hash);
      expect(await storage.list('reports/')).toEqual(['reports/r1/a1.jpg']);
    });

    it('says object-not-found for a missing file and invalid-checksum for a damaged one', async () => {
      const { storage, corrupt } = context();
      await expect(storage.get('reports/none.jpg')).rejects.toMatchObject({ code: 'object-not-found' });
      await storage.put('reports/r2/a2.png', photo, { contentType: 'image/png' });
      await corrupt('reports/r2/a2.png');
      await expect(storage.get('reports/r2/a2.png')).rejects.toMatchObject({ code: 'invalid-checksum' });
    });

    it('refuses paths that climb out of the bucket, and deletes', async () => {
      const { storage } = context();
      await expect(storage.put('../escape.jpg', photo, { contentType: 'image/jpeg' })).rejects.toMatchObject({
        code: 'invalid-argument',
      });
      await storage.put('reports/r3/a3.jpg', photo, { contentType: 'image/jpeg' });
      await storage.delete('reports/r3/a3.jpg');
      await expect(storage.get('reports/r3/a3.jpg')).rejects.toMatchObject({ code: 'object-not-found' });
      expect(await storage.list('reports/r3/')).toEqual([]);
    });
  });
}
