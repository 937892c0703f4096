import type { StorageDriver } from '../storage/storage-driver.ts';
import { StorageError } from '../storage/storage-error.ts';

/**
 * A real storage driver whose puts are held open until the test lets them through, as a slow disk
 * or bucket holds them: `began` resolves with the path of the first put when it starts (its bytes,
 * sealed already, are those it will write), `landed` once that put has written them. A put given
 * a signal gives up when the signal fires, as the real drivers do ('canceled').
 */
export function holdPuts(driver: StorageDriver) {
  let begin: (fullPath: string) => void = () => {};
  let land: (fullPath: string) => void = () => {};
  let release: () => void = () => {};
  const began = new Promise<string>((resolve) => {
    begin = resolve;
  });
  const landed = new Promise<string>((resolve) => {
    land = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: StorageDriver = {
    bucket: driver.bucket,
    async put(fullPath, data, options) {
      begin(fullPath);
      const { signal } = options;
      await new Promise<void>((resolve, reject) => {
        const giveUp = () => reject(new StorageError('canceled', 'The storage operation was given up'));
        if (signal?.aborted) return giveUp();
        signal?.addEventListener('abort', giveUp, { once: true });
        void released.then(() => {
          signal?.removeEventListener('abort', giveUp);
          resolve();
        });
      });
      const metadata = await driver.put(fullPath, data, options);
      land(fullPath);
      return metadata;
    },
    get: (fullPath) => driver.get(fullPath),
    delete: (fullPath) => driver.delete(fullPath),
    list: (prefix) => driver.list(prefix),
  };
  return { driver: held, began, landed, release };
}
