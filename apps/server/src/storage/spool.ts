import type pg from 'pg';
import {
  checkedObject,
  newObjectMetadata,
  type ObjectMetadata,
  type PutOptions,
  type StorageDriver,
} from './storage-driver.ts';

/** What runs SQL: a pool, a client, or a transaction's client. */
type Queryable = Pick<pg.Pool, 'query'>;

/** A file on its way to the spool: already sealed, as it will lie in storage. */
export type SpoolEntry = { fullPath: string; data: Buffer; metadata: ObjectMetadata };

/**
 * The files as stored, wherever they are: in the storage (a folder or a bucket) or, for a file
 * the storage did not take within the reporter's wait, in the spool table (decision 0025). Staff
 * downloads, backups, key rotation, retention and the orphan sweeper go through this, so they find
 * a file in either place.
 */
export type SpoolingStore = StorageDriver & {
  /** The storage itself, below the spool (for the mover). */
  readonly driver: StorageDriver;
  /** A spool entry for these sealed bytes: metadata as the storage would give them. */
  entryFor(fullPath: string, data: Buffer, options: PutOptions): SpoolEntry;
  /** Bytes waiting in the spool, and since when the oldest waits (null when empty). */
  backlog(): Promise<{ files: number; bytes: number; oldest: Date | null }>;
};

/** The metadata of a spooled file as the storage drivers give it (their JSON, dates as strings). */
const metadataOf = (value: unknown) => value as ObjectMetadata;

export function createSpoolingStore(driver: StorageDriver, database: Queryable): SpoolingStore {
  // A database not yet migrated (a restore into a fresh instance checks its files first) has no
  // spool table: then the spool is empty.
  const pool: Queryable = {
    query: (async (text: string, values?: unknown[]) => {
      try {
        return await database.query(text, values);
      } catch (error) {
        if ((error as { code?: string }).code === '42P01') return { rows: [], rowCount: 0 };
        throw error;
      }
    }) as Queryable['query'],
  };
  return {
    bucket: driver.bucket,
    driver,

    entryFor(fullPath, data, options) {
      return { fullPath, data, metadata: newObjectMetadata(driver.bucket, fullPath, data, options) };
    },

    async backlog() {
      const { rows } = await pool.query<{ files: string; bytes: string; oldest: Date | null }>(
        `select count(*) as files, coalesce(sum(size), 0) as bytes, min(created_at) as oldest from spooled_file`,
      );
      const row = rows[0];
      return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ?? null };
    },

    /**
     * A file still in the spool is written there (key rotation, re-sealing it; its version goes up,
     * so that a mover carrying the older bytes leaves the row for the next move); any other goes
     * to the storage.
     */
    async put(fullPath, data, options) {
      const metadata = newObjectMetadata(driver.bucket, fullPath, data, options);
      const updated = await pool.query(
        `update spooled_file set data = $2, metadata = $3, size = $4, version = version + 1 where full_path = $1`,
        [fullPath, data, JSON.stringify(metadata), data.length],
      );
      if (updated.rowCount) return metadata;
      return driver.put(fullPath, data, options);
    },

    async get(fullPath) {
      const { rows } = await pool.query<{ data: Buffer; metadata: unknown }>(
        `select data, metadata from spooled_file where full_path = $1`,
        [fullPath],
      );
      const row = rows[0];
      if (!row) return driver.get(fullPath);
      return checkedObject(fullPath, row.data, metadataOf(row.metadata), 'spooled');
    },

    async delete(fullPath) {
      await pool.query(`delete from spooled_file where full_path = $1`, [fullPath]);
      await driver.delete(fullPath);
    },

    async list(prefix) {
      const [stored, spooled] = await Promise.all([
        driver.list(prefix),
        pool.query<{ full_path: string }>(`select full_path from spooled_file where starts_with(full_path, $1)`, [
          prefix,
        ]),
      ]);
      return [...new Set([...stored, ...spooled.rows.map((row) => row.full_path)])].sort();
    },
  };
}
