import type pg from 'pg';
import type { ArchiveWriter } from './backup-format.ts';
import type { Progress } from './backup-progress.ts';

/**
 * The database's side of a backup (services/backup/backup.ts): which tables go in and in what order, how
 * large they are, and their rows copied into the archive through a cursor, in one snapshot.
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
  // What the site tells its operator (doctor, issue 28): this instance's requests, this key's word.
  'proxy_observation',
  'key_backup',
]);

/**
 * Rows fetched from the cursor at a time: 100 to 200 kB of typical rows. Fewer strings then live
 * long enough for V8 to move them to its old space, which only a full collection empties.
 */
const FETCH_ROWS = 100;

/** A table or column name as SQL writes it. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

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

/** The migrations applied to the database: a restore needs at least as many as the archive's. */
export async function migrationCount(client: pg.PoolClient | pg.Pool): Promise<number> {
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  return rows[0]?.n ?? 0;
}

/**
 * Runs `work` in one repeatable-read, read-only transaction: every query sees the database as it
 * was at the first one.
 */
export async function inSnapshot<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** A table to copy, with its row count and size on disk (for the time left). */
export type MeasuredTable = { name: string; rows: number; bytes: number };

export async function measureTables(client: pg.PoolClient): Promise<MeasuredTable[]> {
  const tables: MeasuredTable[] = [];
  for (const name of await tablesInOrder(client)) {
    const { rows } = await client.query<{ rows: string; bytes: string }>(
      `select count(*) as rows, pg_table_size($1::regclass) as bytes from ${quoted(name)}`,
      [quoted(name)],
    );
    tables.push({ name, rows: Number(rows[0]?.rows ?? 0), bytes: Number(rows[0]?.bytes ?? 0) });
  }
  return tables;
}

/**
 * The work ahead, for the progress: the tables' rows and sizes, and the files' sizes as the database
 * records them, averaged over the listed files.
 */
export async function planProgress(
  client: pg.PoolClient,
  progress: Progress,
  tables: MeasuredTable[],
  fileCount: number,
) {
  const stored = await client.query<{ files: string; bytes: string }>(
    `select count(*) as files, coalesce(sum(size), 0) as bytes from report_attachment`,
  );
  const averageFile = Number(stored.rows[0]?.bytes ?? 0) / Math.max(Number(stored.rows[0]?.files ?? 0), 1);
  Object.assign(progress, {
    tablesTotal: tables.length,
    rowsTotal: tables.reduce((sum, table) => sum + table.rows, 0),
    filesTotal: fileCount,
    total: tables.reduce((sum, table) => sum + table.bytes, 0) + averageFile * fileCount,
  });
}

/** Every table's rows into the archive, in order, each table behind its record. */
export async function copyTables(
  client: pg.PoolClient,
  writer: ArchiveWriter,
  tables: MeasuredTable[],
  chunkBytes: number,
  progress: Progress,
) {
  let doneBefore = 0;
  for (const table of tables) {
    await writer.table(table.name, table.rows);
    await copyRows(client, writer, table, chunkBytes, (read) => {
      progress.rows += read.fetched;
      progress.done = doneBefore + (table.rows > 0 ? (table.bytes * Math.min(read.total, table.rows)) / table.rows : 0);
      progress.bytes = writer.bytes;
    });
    doneBefore += table.bytes;
    progress.tables += 1;
  }
}

/** One table's rows, read through a cursor and written in frames of at most one chunk. */
async function copyRows(
  client: pg.PoolClient,
  writer: ArchiveWriter,
  table: MeasuredTable,
  chunkBytes: number,
  onFetched: (read: { fetched: number; total: number }) => void,
) {
  await client.query(
    `declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${quoted(table.name)} t`,
  );
  // A frame's body is the count (4 bytes) and the JSON array.
  const batch = new RowBatch(chunkBytes - 4);
  const flush = () => batch.flush((count, json) => writer.rows(table.name, count, json));
  let total = 0;
  for (;;) {
    const { rows } = await client.query<{ row: string }>(`fetch ${FETCH_ROWS} from backup_rows`);
    for (const { row } of rows) {
      if (!batch.fits(row)) await flush();
      batch.add(row);
    }
    total += rows.length;
    onFetched({ fetched: rows.length, total });
    if (rows.length < FETCH_ROWS) break;
  }
  await flush();
  await client.query('close backup_rows');
}

/**
 * Rows gathered as the UTF-8 of one JSON array, in one buffer reused from frame to frame: V8 keeps
 * no large strings, which would only go at its next full collection. The array stays within
 * `capacity`, unless a single row is larger.
 */
class RowBatch {
  readonly #capacity: number;
  #json: Buffer;
  #length = 0;
  #count = 0;

  constructor(capacity: number) {
    this.#capacity = capacity;
    this.#json = Buffer.allocUnsafe(capacity);
  }

  /** Whether `row` joins this batch without passing the capacity (always, when the batch is empty). */
  fits(row: string): boolean {
    return this.#count === 0 || this.#length + 1 + Buffer.byteLength(row) + 1 <= this.#capacity;
  }

  add(row: string) {
    const needed = this.#length + 1 + Buffer.byteLength(row) + 1;
    if (needed > this.#json.length) this.#json = Buffer.concat([this.#json.subarray(0, this.#length)], needed);
    this.#json[this.#length] = this.#count === 0 ? 0x5b : 0x2c; // [ or ,
    this.#length += 1 + this.#json.write(row, this.#length + 1, 'utf8');
    this.#count += 1;
  }

  /** Closes the array and hands it to `write` (which copies it), then starts again, empty. */
  async flush(write: (count: number, json: Buffer) => Promise<void>) {
    if (this.#count === 0) return;
    this.#json[this.#length] = 0x5d; // ]
    await write(this.#count, this.#json.subarray(0, this.#length + 1));
    if (this.#json.length > this.#capacity) this.#json = Buffer.allocUnsafe(this.#capacity);
    this.#length = 0;
    this.#count = 0;
  }
}
