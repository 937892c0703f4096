import fs from 'node:fs/promises';
import type pg from 'pg';
import type { Encryption } from '../crypto/encryption.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { StorageError } from '../storage/storage-error.ts';
import {
  type ArchiveContents,
  type ArchiveHeader,
  type ArchiveRecord,
  type ArchiveSink,
  ArchiveWriter,
  archiveFormat,
  BackupError,
  DEFAULT_CHUNK_BYTES,
  readArchive,
  readArchiveHeader,
} from './backup-format.ts';
import { legacyRecords, openLegacyArchive } from './backup-legacy.ts';
import { newProgress, type Progress, startPhase } from './backup-progress.ts';

/**
 * Backups of the whole site: every table that matters and every stored file, in one archive that
 * streams (services/backup-format.ts). It needs no pg_dump (the embedded PostgreSQL ships none)
 * and restores into a fresh instance of the same version. Every record is sealed with the site's
 * master key: the archive opens only where that key is, like the data inside it. See
 * docs/decisions/0013-backups.md and 0019-streaming-backups.md.
 */

/** What a restore must not bring back: short-lived state that belongs to the running instances. */
const SKIPPED_TABLES = new Set([
  'rate_limit',
  'altcha_used_challenge',
  'follow_up_session',
  'staff_session',
  'staff_verification',
  'staff_used_totp_code',
  // A counter for the page cache, which the restored rows raise by themselves (their triggers).
  'site_revision',
  // Spooled files travel as files (the file list includes them) and are restored into storage.
  'spooled_file',
  // A day's submission keys, for second tries of a form (decision 0025): nothing to restore.
  'submission_key',
  // The monitoring's own state (decision 0030): job runs and alerts of the instance restored from.
  'scheduled_job',
  'alert',
]);

/**
 * Rows fetched from the cursor at a time: 100 to 200 kB of typical rows. Fewer strings then live
 * long enough for V8 to move them to its old space, which only a full collection empties.
 */
const FETCH_ROWS = 100;

/** The site's tables, parents before children (foreign keys), without the skipped ones. */
export async function tablesInOrder(client: pg.PoolClient | pg.Pool): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const names = tables.map((table) => table.name).filter((name) => !SKIPPED_TABLES.has(name));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const link of links) if (link.child === name && link.parent !== name) visit(link.parent, path);
    if (names.includes(name)) ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export type BackupOptions = {
  /** The site's public address, recorded in the header (PUBLIC_URL). */
  site: string;
  /** Rows and file bytes per frame (default 1 MiB). */
  chunkBytes?: number;
  progress?: Progress;
};

export type BackupSummary = ArchiveContents & {
  createdAt: string;
  bytes: number;
  /** The largest frame written: at most one chunk and its framing. */
  largestFrame: number;
  /** Files listed at the start that the site deleted (retention) before they could be read. */
  vanished: number;
};

/**
 * Writes the archive to `sink`, one frame at a time, each write awaited before the next: memory
 * holds one chunk of rows, or one stored file (at most the largest upload) and one chunk of it.
 * The tables are read in one repeatable-read snapshot, through a cursor; the files after it.
 */
export async function createBackup(
  pool: pg.Pool,
  files: StorageDriver,
  encryption: Encryption,
  sink: ArchiveSink,
  options: BackupOptions,
): Promise<BackupSummary> {
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const progress = options.progress ?? newProgress('Backing up');
  const writer = new ArchiveWriter(sink, encryption);
  const createdAt = new Date().toISOString();
  let paths: string[];
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    // The first query fixes the snapshot.
    const migrations = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    // Listed after the snapshot: a file is stored before the row naming it commits, so every file
    // a row of the snapshot names is in the list.
    paths = await files.list('');
    const tables = [];
    for (const name of await tablesInOrder(client)) {
      const { rows } = await client.query<{ rows: string; bytes: string }>(
        `select count(*) as rows, pg_table_size($1::regclass) as bytes from ${quoted(name)}`,
        [quoted(name)],
      );
      tables.push({ name, rows: Number(rows[0]?.rows ?? 0), bytes: Number(rows[0]?.bytes ?? 0) });
    }
    // Files' sizes for the time left: the stored sizes the database records, averaged over the listed files.
    const stored = await client.query<{ files: string; bytes: string }>(
      `select count(*) as files, coalesce(sum(size), 0) as bytes from report_attachment`,
    );
    const averageFile = Number(stored.rows[0]?.bytes ?? 0) / Math.max(Number(stored.rows[0]?.files ?? 0), 1);
    Object.assign(progress, {
      tablesTotal: tables.length,
      rowsTotal: tables.reduce((sum, table) => sum + table.rows, 0),
      filesTotal: paths.length,
      total: tables.reduce((sum, table) => sum + table.bytes, 0) + averageFile * paths.length,
    });

    await writer.begin({ createdAt, migrations: migrations.rows[0]?.n ?? 0, site: options.site });
    let doneBefore = 0;
    for (const table of tables) {
      await writer.table(table.name, table.rows);
      await client.query(
        `declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${quoted(table.name)} t`,
      );
      // The rows are gathered as UTF-8 in one buffer, reused from frame to frame: V8 keeps no large
      // strings, which would only go at its next full collection. A frame's body (the count and
      // the JSON array) stays within one chunk, unless a single row is larger.
      const capacity = chunkBytes - 4;
      let json = Buffer.allocUnsafe(capacity);
      let length = 0;
      let count = 0;
      let read = 0;
      const flush = async () => {
        if (count === 0) return;
        json[length] = 0x5d; // ]
        await writer.rows(table.name, count, json.subarray(0, length + 1));
        if (json.length > capacity) json = Buffer.allocUnsafe(capacity);
        length = 0;
        count = 0;
        progress.bytes = writer.bytes;
      };
      const add = (row: string) => {
        const needed = length + 1 + Buffer.byteLength(row) + 1;
        if (needed > json.length) json = Buffer.concat([json.subarray(0, length)], needed);
        json[length] = count === 0 ? 0x5b : 0x2c; // [ or ,
        length += 1 + json.write(row, length + 1, 'utf8');
        count += 1;
      };
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`fetch ${FETCH_ROWS} from backup_rows`);
        for (const { row } of rows) {
          if (count > 0 && length + 1 + Buffer.byteLength(row) + 1 > capacity) await flush();
          add(row);
        }
        read += rows.length;
        progress.rows += rows.length;
        progress.done = doneBefore + (table.rows > 0 ? (table.bytes * Math.min(read, table.rows)) / table.rows : 0);
        if (rows.length < FETCH_ROWS) break;
      }
      await flush();
      await client.query('close backup_rows');
      doneBefore += table.bytes;
      progress.tables += 1;
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }

  // The files as stored: already sealed, copied without opening them.
  let vanished = 0;
  for (const fullPath of paths) {
    let stored: Awaited<ReturnType<StorageDriver['get']>>;
    try {
      stored = await files.get(fullPath);
    } catch (error) {
      if (error instanceof StorageError && error.code === 'object-not-found') {
        vanished += 1;
        continue;
      }
      throw error;
    }
    const { data, metadata } = stored;
    await writer.file(
      { fullPath, contentType: metadata.contentType, customMetadata: metadata.customMetadata ?? {} },
      data,
      chunkBytes,
    );
    progress.files += 1;
    progress.done += data.length;
    progress.bytes = writer.bytes;
  }
  const trailer = await writer.end();
  progress.bytes = writer.bytes;
  return {
    createdAt,
    tables: trailer.tables,
    files: trailer.files,
    fileBytes: trailer.fileBytes,
    bytes: trailer.bytes,
    largestFrame: trailer.largestFrame,
    vanished,
  };
}

export type VerifySummary = ArchiveContents & {
  header: ArchiveHeader;
  /** The archive's size on disk. */
  bytes: number;
};

/** Follows the records into the progress counts, as they are read. */
function count(progress: Progress, record: ArchiveRecord) {
  if (record.kind === 'table') progress.tables += 1;
  else if (record.kind === 'rows') progress.rows += record.count;
  else if (record.kind === 'file-chunk' && record.last) progress.files += 1;
  progress.done = progress.bytes;
}

async function verifyStreaming(source: fs.FileHandle, encryption: Encryption, progress: Progress) {
  let header: ArchiveHeader | undefined;
  for await (const record of readArchive(source, encryption, progress)) {
    count(progress, record);
    if (record.kind === 'header') header = record.header;
    if (record.kind === 'trailer' && header) {
      const { tables, files, fileBytes } = record.trailer;
      return { header, tables, files, fileBytes };
    }
  }
  throw new BackupError('The backup ends before its closing record.');
}

async function sizeOf(source: fs.FileHandle, progress: Progress) {
  const { size } = await source.stat();
  progress.bytesTotal = size;
  progress.total = size;
  return size;
}

/**
 * Checks a whole archive without restoring it: every frame's checksum and seal, the order, each
 * file's SHA-256 and the trailer. Throws BackupError on a truncated, altered or wrong-key archive.
 * An archive of the older format is opened whole, which checks its one seal.
 */
export async function verifyBackup(
  archivePath: string,
  encryption: Encryption,
  progress = newProgress('Checking'),
): Promise<VerifySummary> {
  const source = await fs.open(archivePath, 'r');
  try {
    const bytes = await sizeOf(source, progress);
    if ((await archiveFormat(source)) === 1) {
      const summary = summarise(legacyRecords(openLegacyArchive(await source.readFile(), encryption)));
      return { ...summary, bytes };
    }
    return { ...(await verifyStreaming(source, encryption, progress)), bytes };
  } finally {
    await source.close();
  }
}

function summarise(records: Iterable<ArchiveRecord>) {
  let header: ArchiveHeader | undefined;
  for (const record of records) {
    if (record.kind === 'header') header = record.header;
    if (record.kind === 'trailer' && header) {
      return {
        header,
        tables: record.trailer.tables,
        files: record.trailer.files,
        fileBytes: record.trailer.fileBytes,
      };
    }
  }
  throw new BackupError('The backup ends before its closing record.');
}

/** What a restore wrote, for the operator and the tests. */
export type RestoreSummary = { createdAt: string; rows: Record<string, number>; files: number; format: number };

/** A restore goes into a fresh instance: one whose database is empty, or not even migrated yet. */
async function checkFresh(pool: pg.Pool) {
  const migrated = await pool.query<{ yes: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as yes",
  );
  if (!migrated.rows[0]?.yes) return;
  const existing = await pool.query<{ n: number }>(
    'select (select count(*) from report) + (select count(*) from staff_user) + (select count(*) from contact_message) as n',
  );
  if (Number(existing.rows[0]?.n ?? 0) > 0) {
    throw new BackupError('This site already holds reports, messages or staff: restore into a fresh instance.');
  }
}

/** The database's schema must be as new as the archive's (after the migrations). */
async function checkVersion(pool: pg.Pool, header: ArchiveHeader) {
  const migrations = await pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  if ((migrations.rows[0]?.n ?? 0) < header.migrations) {
    throw new BackupError('The backup comes from a newer version of the site: update this one first.');
  }
}

export type RestoreOptions = {
  progress?: Progress;
  /** Brings the database's schema up to date; runs once the archive has been checked whole. */
  migrate?: () => Promise<void>;
};

/**
 * Restores an archive into a fresh database and an empty files folder. Refuses an instance that
 * already holds reports or staff, an archive from a newer version, and an archive that does not
 * open with this key. The whole archive is checked first (a streaming one record by record, the
 * older format by its one seal), so that a truncated or altered one is refused before anything is
 * written, the migrations included. Then it is read again and written as it is read, every row in
 * one transaction, committed only after the trailer checks out again. A failure leaves nothing:
 * the transaction rolls back and the files written are deleted.
 */
export async function restoreBackup(
  pool: pg.Pool,
  files: StorageDriver,
  encryption: Encryption,
  archivePath: string,
  { progress = newProgress('Checking'), migrate }: RestoreOptions = {},
): Promise<RestoreSummary> {
  const source = await fs.open(archivePath, 'r');
  try {
    await sizeOf(source, progress);
    let header: ArchiveHeader;
    let records: () => AsyncIterable<ArchiveRecord> | Iterable<ArchiveRecord>;
    if ((await archiveFormat(source)) === 1) {
      const archive = openLegacyArchive(await source.readFile(), encryption);
      const legacy = [...legacyRecords(archive)];
      header = summarise(legacy).header;
      records = () => legacy;
      await checkFresh(pool);
    } else {
      // The header first: a wrong key or another instance's data is told at once.
      header = await readArchiveHeader(source, encryption);
      await checkFresh(pool);
      await verifyStreaming(source, encryption, progress);
      records = () => readArchive(source, encryption, progress);
    }
    if (migrate) {
      startPhase(progress, 'Applying the migrations');
      await migrate();
    }
    await checkVersion(pool, header);
    startPhase(progress, 'Restoring');
    progress.total = progress.bytesTotal ?? 0;
    return await writeRecords(pool, files, records(), progress);
  } finally {
    await source.close();
  }
}

async function writeRecords(
  pool: pg.Pool,
  files: StorageDriver,
  records: AsyncIterable<ArchiveRecord> | Iterable<ArchiveRecord>,
  progress: Progress,
): Promise<RestoreSummary> {
  const client = await pool.connect();
  const written: string[] = [];
  const rows: Record<string, number> = {};
  let header: ArchiveHeader | undefined;
  let table: string | undefined;
  let pieces: Buffer[] = [];
  /** The current table's columns that the archive holds, quoted, read from its first rows. */
  let columns: string | undefined;

  /**
   * An archive of an older version lacks the columns added since: they are left out of the
   * insert, so they take their defaults (json_populate_recordset would give them nulls). Columns
   * that this version dropped are left out too, and generated ones are computed again.
   */
  const columnsOf = async (name: string, json: string) => {
    const { rows: found } = await client.query<{ list: string | null }>(
      `select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as list
         from information_schema.columns
        where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
          and column_name in (select json_object_keys(($2::json)->0))`,
      [name, json],
    );
    const list = found[0]?.list;
    if (!list) throw new BackupError(`The backup's rows of ${name} match none of its columns in this version.`);
    return list;
  };

  /** Serial ids continue after the restored ones. */
  const endTable = async () => {
    if (!table) return;
    const serials = await client.query<{ column: string }>(
      `select column_name as column from information_schema.columns
        where table_schema = 'public' and table_name = $1 and column_default like 'nextval(%'`,
      [table],
    );
    for (const { column } of serials.rows) {
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), greatest((select max(${quoted(column)}) from ${quoted(table)}), 1))`,
        [table, column],
      );
    }
    table = undefined;
  };

  try {
    await client.query('begin');
    await client.query('set constraints all deferred');
    // Settings a fresh start wrote give way to the archive's, and so does the shipped content.
    await client.query('delete from app_setting');
    await client.query('delete from content_version');
    for await (const record of records) {
      count(progress, record);
      switch (record.kind) {
        case 'header':
          header = record.header;
          break;
        case 'table':
          await endTable();
          table = record.name;
          columns = undefined;
          rows[record.name] = 0;
          break;
        case 'rows': {
          const name = quoted(record.table);
          columns ??= await columnsOf(record.table, record.json);
          const inserted = await client.query(
            `insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
            [record.json],
          );
          if (inserted.rowCount !== record.count) {
            throw new BackupError(`The backup's rows of ${record.table} do not match their count.`);
          }
          rows[record.table] = (rows[record.table] ?? 0) + record.count;
          break;
        }
        case 'file':
          await endTable();
          pieces = [];
          break;
        case 'file-chunk':
          pieces.push(record.data);
          if (record.last) {
            const data = Buffer.concat(pieces);
            pieces = [];
            written.push(record.file.fullPath);
            await files.put(record.file.fullPath, data, {
              contentType: record.file.contentType,
              customMetadata: record.file.customMetadata,
            });
          }
          break;
        case 'trailer':
          await endTable();
          break;
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    for (const fullPath of written) await files.delete(fullPath).catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return { createdAt: header?.createdAt ?? '', rows, files: written.length, format: header?.format ?? 0 };
}
