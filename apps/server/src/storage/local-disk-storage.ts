import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  checkedObject,
  newObjectMetadata,
  type ObjectMetadata,
  type PutOptions,
  type StorageDriver,
} from './storage-driver.ts';
import { StorageError } from './storage-error.ts';

/** Object paths: letters, digits and `/_.-`, never `..` nor an empty part. */
export function assertSafePath(fullPath: string) {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(fullPath) || fullPath.split('/').some((part) => part === '..' || part === '')) {
    throw new StorageError('invalid-argument', `Not a valid object path: ${fullPath}`);
  }
}

async function writeDurably(file: string, data: Buffer | string) {
  // Write a temporary file, flush it to disk, then rename: a crash leaves the old file or the new
  // one, never half of one.
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file);
  const directory = await fs.open(path.dirname(file), 'r');
  await directory.sync().finally(() => directory.close());
}

/** Files on the local disk under `<root>/<bucket>/`, each with a `.meta.json` beside it. */
export function createLocalDiskStorage(root: string, bucket = 'attachments'): StorageDriver {
  const base = path.join(root, bucket);
  const fileOf = (fullPath: string) => path.join(base, fullPath);

  return {
    bucket,
    async put(fullPath, data, options: PutOptions) {
      assertSafePath(fullPath);
      if (options.signal?.aborted) throw new StorageError('canceled', 'The storage operation was given up');
      const metadata = newObjectMetadata(bucket, fullPath, data, options);
      try {
        await fs.mkdir(path.dirname(fileOf(fullPath)), { recursive: true, mode: 0o700 });
        await writeDurably(fileOf(fullPath), data);
        await writeDurably(`${fileOf(fullPath)}.meta.json`, JSON.stringify(metadata));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') {
          throw new StorageError('quota-exceeded', 'The disk is full', { cause: error });
        }
        throw new StorageError('unknown', 'Could not store the file', { cause: error });
      }
      return metadata;
    },

    async get(fullPath) {
      assertSafePath(fullPath);
      let data: Buffer;
      let metadata: ObjectMetadata;
      try {
        data = await fs.readFile(fileOf(fullPath));
        metadata = JSON.parse(await fs.readFile(`${fileOf(fullPath)}.meta.json`, 'utf8')) as ObjectMetadata;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new StorageError('object-not-found', `No object at ${fullPath}`, { cause: error });
        }
        throw new StorageError('unknown', 'Could not read the file', { cause: error });
      }
      return checkedObject(fullPath, data, metadata);
    },

    async delete(fullPath) {
      assertSafePath(fullPath);
      await fs.rm(fileOf(fullPath), { force: true });
      await fs.rm(`${fileOf(fullPath)}.meta.json`, { force: true });
    },

    async list(prefix) {
      const found: string[] = [];
      const walk = async (directory: string) => {
        const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const full = path.join(directory, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (!entry.name.endsWith('.meta.json') && !entry.name.endsWith('.tmp')) {
            found.push(path.relative(base, full).split(path.sep).join('/'));
          }
        }
      };
      await walk(base);
      return found.filter((fullPath) => fullPath.startsWith(prefix)).sort();
    },
  };
}
