import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Encryption } from '../crypto/encryption.ts';
import { type ArchiveSink, BackupError } from '../services/backup/backup-format.ts';
import { readArchiveHeader } from '../services/backup/backup-reader.ts';

/** The names `npm run backup` gives its archives, and the only files `--keep` ever deletes. */
export const ARCHIVE_NAME = /^site-\d{8}-\d{6}\.backup$/;

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

export const archiveName = (date: Date) => `site-${stamp(date)}.backup`;

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

const alreadyThere = (target: string) =>
  new BackupError(`${target} already exists: a backup never replaces a file. Choose another name.`);

/**
 * Writes a new archive: mode 0600 in a folder created 0700, never over an existing file. It is
 * written under a temporary name beside the target and gets its name only once complete and
 * flushed to disk, so a failed or interrupted backup never leaves a file that looks like a backup.
 * Each write is awaited before the next: the producer never runs ahead of the disk.
 */
export async function writeArchiveFile<T>(target: string, produce: (sink: ArchiveSink) => Promise<T>): Promise<T> {
  const folder = path.dirname(target);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  if (await exists(target)) throw alreadyThere(target);
  const partial = path.join(folder, `.${path.basename(target)}.${randomBytes(4).toString('hex')}.partial`);
  const handle = await fs.open(partial, 'wx', 0o600);
  let result: T;
  try {
    await handle.chmod(0o600);
    result = await produce(async (bytes) => {
      let offset = 0;
      while (offset < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
        offset += bytesWritten;
      }
    });
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  try {
    // A hard link fails when the target exists, where a rename would replace it.
    await fs.link(partial, target);
    await fs.rm(partial);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      await fs.rm(partial, { force: true });
      throw alreadyThere(target);
    }
    // Some file systems (network shares) have no hard links: check, then rename.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    if (await exists(target)) throw alreadyThere(target);
    await fs.rename(partial, target);
  }
  const directory = await fs.open(folder, 'r');
  await directory.sync().finally(() => directory.close());
  return result;
}

/**
 * `--keep N`: deletes this site's older archives in the folder of the one just written, beyond the
 * newest N (counting the new one, which is always kept). Only files named as `npm run backup`
 * names them count, and only those whose header opens with this site's key and names this site
 * (PUBLIC_URL): another site's archives, older-format ones and anything else are left alone.
 * Newest means the latest time in the name. Returns the deleted files.
 */
export async function pruneArchives(
  written: string,
  keep: number,
  encryption: Encryption,
  site: string,
): Promise<string[]> {
  const folder = path.dirname(written);
  const others: string[] = [];
  for (const name of (await fs.readdir(folder)).sort().reverse()) {
    const file = path.join(folder, name);
    if (!ARCHIVE_NAME.test(name) || file === written) continue;
    const handle = await fs.open(file, 'r');
    try {
      if ((await readArchiveHeader(handle, encryption)).site === site) others.push(file);
    } catch {
      // Not one of this site's archives in this format: never ours to delete.
    } finally {
      await handle.close();
    }
  }
  const deleted = others.slice(Math.max(keep - 1, 0));
  for (const file of deleted) await fs.rm(file);
  return deleted;
}
