import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEncryption } from '../crypto/encryption.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createSealedStorage } from './sealed-storage.ts';

describe('local disk storage, sealed', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-storage-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const storage = createSealedStorage(createLocalDiskStorage(root), createEncryption(randomBytes(32)));
  const photo = Buffer.concat([Buffer.from('graffiti photo bytes '), randomBytes(2000)]);

  it('stores a file with the spec metadata, sealed on disk, and gives it back', async () => {
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
    const onDisk = fs.readFileSync(path.join(root, 'attachments/reports/r1/a1.jpg'));
    expect(onDisk.includes(Buffer.from('graffiti photo bytes'))).toBe(false);
    expect(fs.statSync(path.join(root, 'attachments/reports/r1/a1.jpg')).mode & 0o777).toBe(0o600);
    expect((await storage.get('reports/r1/a1.jpg')).data.equals(photo)).toBe(true);
    expect(await storage.list('reports/')).toEqual(['reports/r1/a1.jpg']);
  });

  it('says object-not-found for a missing file and invalid-checksum for a damaged one', async () => {
    await expect(storage.get('reports/none.jpg')).rejects.toMatchObject({ code: 'object-not-found' });
    await storage.put('reports/r2/a2.png', photo, { contentType: 'image/png' });
    const file = path.join(root, 'attachments/reports/r2/a2.png');
    const bytes = fs.readFileSync(file);
    bytes[10] = (bytes[10] ?? 0) ^ 0xff;
    fs.writeFileSync(file, bytes);
    await expect(storage.get('reports/r2/a2.png')).rejects.toMatchObject({ code: 'invalid-checksum' });
  });

  it('refuses paths that climb out of the bucket, and deletes', async () => {
    await expect(storage.put('../escape.jpg', photo, { contentType: 'image/jpeg' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await storage.delete('reports/r1/a1.jpg');
    await expect(storage.get('reports/r1/a1.jpg')).rejects.toMatchObject({ code: 'object-not-found' });
  });
});
