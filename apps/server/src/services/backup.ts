import { gunzipSync, gzipSync } from 'node:zlib';
import type pg from 'pg';
import type { Encryption } from '../crypto/encryption.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';

/**
 * One archive holds the whole site: every table that matters and every stored file. It needs no
 * pg_dump (the embedded PostgreSQL ships none), and restores into a fresh instance of the same
 * version. The archive is sealed (AES-256-GCM) with the site's master key: it opens only where
 * that key is, like the data inside it. See docs/decisions/0013-backups.md.
 */
const MAGIC = Buffer.from('CSBACKUP1\n');

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
]);

type StoredFile = { fullPath: string; contentType: string; data: string };
type Archive = {
  createdAt: string;
  migrations: number;
  tables: { name: string; rows: unknown[] }[];
  files: StoredFile[];
};

/** The site's tables, parents before children (foreign keys), without the skipped ones. */
async function tablesInOrder(client: pg.PoolClient | pg.Pool): Promise<string[]> {
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

/** Reads every table in one snapshot and every file, and returns the sealed archive. */
export async function createBackup(pool: pg.Pool, files: StorageDriver, encryption: Encryption): Promise<Buffer> {
  const client = await pool.connect();
  const archive: Archive = { createdAt: new Date().toISOString(), migrations: 0, tables: [], files: [] };
  try {
    await client.query('begin isolation level repeatable read read only');
    const migrations = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    archive.migrations = migrations.rows[0]?.n ?? 0;
    for (const name of await tablesInOrder(client)) {
      const { rows } = await client.query<{ row: unknown }>(`select row_to_json(t) as row from ${quoted(name)} t`);
      archive.tables.push({ name, rows: rows.map((row) => row.row) });
    }
    await client.query('commit');
  } finally {
    client.release();
  }
  // The files as stored: already sealed, copied without opening them.
  for (const fullPath of await files.list('')) {
    const { data, metadata } = await files.get(fullPath);
    archive.files.push({ fullPath, contentType: metadata.contentType, data: data.toString('base64') });
  }
  const sealed = encryption.seal(gzipSync(Buffer.from(JSON.stringify(archive)), { level: 6 }));
  return Buffer.concat([MAGIC, sealed]);
}

export class RestoreError extends Error {}

/** What a restore wrote, for the operator and the tests. */
export type RestoreSummary = { createdAt: string; rows: Record<string, number>; files: number };

/**
 * Restores an archive into a fresh, migrated database and an empty files folder. Refuses an
 * instance that already holds reports or staff, an archive sealed with another key, and an
 * archive from a newer version. All rows go in one transaction: a failure leaves nothing.
 */
export async function restoreBackup(
  pool: pg.Pool,
  files: StorageDriver,
  encryption: Encryption,
  sealedArchive: Buffer,
): Promise<RestoreSummary> {
  if (!sealedArchive.subarray(0, MAGIC.length).equals(MAGIC))
    throw new RestoreError('This is not a backup of this site.');
  let archive: Archive;
  try {
    archive = JSON.parse(gunzipSync(encryption.open(sealedArchive.subarray(MAGIC.length))).toString('utf8')) as Archive;
  } catch {
    throw new RestoreError(
      "The backup cannot be opened with this site's encryption key (ENCRYPTION_KEY or DATA_DIR/encryption.key).",
    );
  }
  const client = await pool.connect();
  const rows: Record<string, number> = {};
  try {
    const migrations = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    if ((migrations.rows[0]?.n ?? 0) < archive.migrations) {
      throw new RestoreError('The backup comes from a newer version of the site: update this one first.');
    }
    const existing = await client.query<{ n: number }>(
      'select (select count(*) from report) + (select count(*) from staff_user) + (select count(*) from contact_message) as n',
    );
    if (Number(existing.rows[0]?.n ?? 0) > 0) {
      throw new RestoreError('This site already holds reports, messages or staff: restore into a fresh instance.');
    }
    await client.query('begin');
    // Settings a fresh start wrote (its installation id) give way to the archive's.
    await client.query('delete from app_setting');
    await client.query('delete from content_version');
    for (const table of archive.tables) {
      const name = quoted(table.name);
      for (let start = 0; start < table.rows.length; start += 1000) {
        const chunk = table.rows.slice(start, start + 1000);
        await client.query(`insert into ${name} select * from json_populate_recordset(null::${name}, $1::json)`, [
          JSON.stringify(chunk),
        ]);
      }
      rows[table.name] = table.rows.length;
      // Serial ids continue after the restored ones.
      const serials = await client.query<{ column: string }>(
        `select column_name as column from information_schema.columns
          where table_schema = 'public' and table_name = $1 and column_default like 'nextval(%'`,
        [table.name],
      );
      for (const { column } of serials.rows) {
        await client.query(
          `select setval(pg_get_serial_sequence($1, $2), greatest((select max(${quoted(column)}) from ${name}), 1))`,
          [table.name, column],
        );
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  for (const file of archive.files) {
    await files.put(file.fullPath, Buffer.from(file.data, 'base64'), { contentType: file.contentType });
  }
  return { createdAt: archive.createdAt, rows, files: archive.files.length };
}
