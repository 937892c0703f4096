import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { describeStorageDriver } from './storage-contract.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let run = 0;

describeStorageDriver('local disk storage', () => {
  const folder = path.join(root, String(run++));
  const fileOf = (fullPath: string) => path.join(folder, 'attachments', fullPath);
  return {
    driver: createLocalDiskStorage(folder),
    readRaw: async (fullPath) => fs.readFileSync(fileOf(fullPath)),
    corrupt: async (fullPath) => {
      const bytes = fs.readFileSync(fileOf(fullPath));
      bytes[10] = (bytes[10] ?? 0) ^ 0xff;
      fs.writeFileSync(fileOf(fullPath), bytes);
    },
  };
});

it('keeps files readable by the site only (0600)', async () => {
  const folder = path.join(root, 'mode');
  await createLocalDiskStorage(folder).put('reports/r/a.jpg', Buffer.from('x'), { contentType: 'image/jpeg' });
  expect(fs.statSync(path.join(folder, 'attachments/reports/r/a.jpg')).mode & 0o777).toBe(0o600);
});
