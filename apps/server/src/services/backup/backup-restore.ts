import type pg from 'pg';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import { type ArchivedFile, type ArchiveHeader, type ArchiveRecord, BackupError } from './backup-format.ts';
import type { Progress } from './backup-progress.ts';
import { migrationCount, quoted } from './backup-tables.ts';

/**
 * The database's and the storage's side of a restore (services/backup/backup.ts): the checks before
 * anything is written, and the records written as they are read, in one transaction.
 */

/** What a restore wrote, for the operator and the tests. */
export type RestoreSummary = { createdAt: string; rows: Record<string, number>; files: number; format: number };

/** A restore goes into a fresh instance: one whose database is empty, or not even migrated yet. */
export async function checkFresh(pool: pg.Pool) {
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

/**
 * The archives this version restores directly: those made once incidents existed (migration 0023,
 * the 24th). An older archive holds reports without incidents, places on the reports and
 * publications keyed by report, which only that migration carries over (decision 0037): it is
 * restored with the release it was made with, and the update then migrates it, nothing lost.
 */
export const EARLIEST_RESTORABLE_MIGRATIONS = 24;

/** The database's schema must be as new as the archive's (after the migrations), and the archive recent enough. */
export async function checkVersion(pool: pg.Pool, header: ArchiveHeader) {
  if ((await migrationCount(pool)) < header.migrations) {
    throw new BackupError('The backup comes from a newer version of the site: update this one first.');
  }
  if (header.migrations < EARLIEST_RESTORABLE_MIGRATIONS) {
    throw new BackupError(
      'The backup was made before incidents (migration 0023): restore it with the release it was made with, then update the site, which carries it over.',
    );
  }
}

/** Follows the records into the progress counts, as they are read. */
export function countRecord(progress: Progress, record: ArchiveRecord) {
  if (record.kind === 'table') progress.tables += 1;
  else if (record.kind === 'rows') progress.rows += record.count;
  else if (record.kind === 'file-chunk' && record.last) progress.files += 1;
  progress.done = progress.bytes;
}

/**
 * The current table's columns that the archive holds, quoted, read from its first rows. An archive
 * of an older version lacks the columns added since: they are left out of the insert, so they take
 * their defaults (json_populate_recordset would give them nulls). Columns that this version dropped
 * are left out too, and generated ones are computed again.
 */
async function columnsOf(client: pg.PoolClient, name: string, json: string) {
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
}

/** Serial ids continue after the restored ones. */
async function continueSerials(client: pg.PoolClient, table: string) {
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
}

/** Writes the records in one transaction; on failure, rolls it back and deletes the files written. */
export async function writeRecords(
  pool: pg.Pool,
  files: StorageDriver,
  records: AsyncIterable<ArchiveRecord> | Iterable<ArchiveRecord>,
  progress: Progress,
): Promise<RestoreSummary> {
  const client = await pool.connect();
  const writing = new RecordWriting(client, files);
  try {
    await client.query('begin');
    await client.query('set constraints all deferred');
    // Settings a fresh start wrote give way to the archive's, and so does the shipped content.
    await client.query('delete from app_setting');
    await client.query('delete from content_version');
    for await (const record of records) {
      countRecord(progress, record);
      await writing.write(record);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    for (const fullPath of writing.written) await files.delete(fullPath).catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return writing.summary();
}

/** The restore's state from record to record: the current table, and the current file's pieces. */
class RecordWriting {
  readonly written: string[] = [];
  readonly #client: pg.PoolClient;
  readonly #files: StorageDriver;
  readonly #rows: Record<string, number> = {};
  #header: ArchiveHeader | undefined;
  #table: string | undefined;
  #columns: string | undefined;
  #pieces: Buffer[] = [];

  constructor(client: pg.PoolClient, files: StorageDriver) {
    this.#client = client;
    this.#files = files;
  }

  async write(record: ArchiveRecord) {
    switch (record.kind) {
      case 'header':
        this.#header = record.header;
        break;
      case 'table':
        await this.#endTable();
        this.#table = record.name;
        this.#columns = undefined;
        this.#rows[record.name] = 0;
        break;
      case 'rows':
        await this.#insertRows(record.table, record.count, record.json);
        break;
      case 'file':
        await this.#endTable();
        this.#pieces = [];
        break;
      case 'file-chunk':
        this.#pieces.push(record.data);
        if (record.last) await this.#putFile(record.file);
        break;
      case 'trailer':
        await this.#endTable();
        break;
    }
  }

  summary(): RestoreSummary {
    const header = this.#header;
    return {
      createdAt: header?.createdAt ?? '',
      rows: this.#rows,
      files: this.written.length,
      format: header?.format ?? 0,
    };
  }

  async #insertRows(table: string, count: number, json: string) {
    const name = quoted(table);
    this.#columns ??= await columnsOf(this.#client, table, json);
    const columns = this.#columns;
    const inserted = await this.#client.query(
      `insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
      [json],
    );
    if (inserted.rowCount !== count) {
      throw new BackupError(`The backup's rows of ${table} do not match their count.`);
    }
    this.#rows[table] = (this.#rows[table] ?? 0) + count;
  }

  async #putFile(file: ArchivedFile) {
    const data = Buffer.concat(this.#pieces);
    this.#pieces = [];
    this.written.push(file.fullPath);
    await this.#files.put(file.fullPath, data, {
      contentType: file.contentType,
      customMetadata: file.customMetadata,
    });
  }

  async #endTable() {
    if (!this.#table) return;
    await continueSerials(this.#client, this.#table);
    this.#table = undefined;
  }
}
