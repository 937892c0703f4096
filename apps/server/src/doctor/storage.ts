import { randomBytes } from 'node:crypto';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { type Finding, ok } from './finding.ts';

/**
 * The storage writable and readable: a small probe written, read back, compared and deleted, under
 * `doctor/` (no report's file is touched). Through the site's own driver: the folder or the bucket.
 */
export async function storageFindings(storage: StorageDriver, where: string): Promise<Finding[]> {
  const probe = `doctor/probe-${randomBytes(8).toString('hex')}`;
  const bytes = randomBytes(64);
  let step = 'write';
  try {
    await storage.put(probe, bytes, { contentType: 'application/octet-stream' });
    step = 'read';
    const { data } = await storage.get(probe);
    if (!data.equals(bytes)) throw new Error('the file read back differs from the one written');
    step = 'delete';
    await storage.delete(probe);
    return [ok('storage', `The storage (${where}) can be written, read and cleaned.`)];
  } catch (error) {
    await storage.delete(probe).catch(() => {});
    const cause = (error as Error).cause instanceof Error ? ` (${((error as Error).cause as Error).message})` : '';
    return [
      {
        check: 'storage',
        severity: 'blocker',
        message: `The storage (${where}) failed to ${step} a test file: ${(error as Error).message}${cause}.`,
        fix: "Check that the site's user owns DATA_DIR/storage (mode 0700), or the S3 settings and the bucket's permissions.",
      },
    ];
  }
}
