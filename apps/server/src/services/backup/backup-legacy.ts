import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { Encryption } from '../../crypto/encryption.ts';
import { type ArchivedFile, type ArchiveRecord, BackupError, LEGACY_MAGIC } from './backup-format.ts';

/**
 * Archives of the first format (decision 0013): `CSBACKUP1\n`, then one sealed block holding the
 * gzip of a JSON document with every table and every file in base64. Restore still reads them, so
 * that the backups an organisation already keeps stay usable (decision 0019). They are opened
 * whole, in memory, as they were written: the limit of that format, not of this reader.
 */
type LegacyArchive = {
  createdAt: string;
  migrations: number;
  tables: { name: string; rows: unknown[] }[];
  files: { fullPath: string; contentType: string; data: string }[];
};

const ROWS_PER_RECORD = 1000;

/** Opens the whole archive; the seal covers all of it, so a truncated or altered one does not open. */
export function openLegacyArchive(sealedArchive: Buffer, encryption: Encryption): LegacyArchive {
  if (!sealedArchive.subarray(0, LEGACY_MAGIC.length).equals(LEGACY_MAGIC)) {
    throw new BackupError('This is not a backup of this site (it does not begin as one).');
  }
  try {
    const plain = gunzipSync(encryption.open(sealedArchive.subarray(LEGACY_MAGIC.length)));
    return JSON.parse(plain.toString('utf8')) as LegacyArchive;
  } catch {
    throw new BackupError(
      "The backup (older format) cannot be opened with this site's encryption key (ENCRYPTION_KEY or DATA_DIR/encryption.key), or it is damaged or incomplete.",
    );
  }
}

/** The same records as a streaming archive gives, so that one restore serves both formats. */
export function* legacyRecords(archive: LegacyArchive): Generator<ArchiveRecord> {
  yield {
    kind: 'header',
    header: { format: 1, createdAt: archive.createdAt, migrations: archive.migrations, site: '' },
  };
  const tables: Record<string, number> = {};
  for (const table of archive.tables) {
    tables[table.name] = table.rows.length;
    yield { kind: 'table', name: table.name, rows: table.rows.length };
    for (let start = 0; start < table.rows.length; start += ROWS_PER_RECORD) {
      const rows = table.rows.slice(start, start + ROWS_PER_RECORD);
      yield { kind: 'rows', table: table.name, count: rows.length, json: JSON.stringify(rows) };
    }
  }
  let fileBytes = 0;
  for (const stored of archive.files) {
    const data = Buffer.from(stored.data, 'base64');
    const file: ArchivedFile = {
      fullPath: stored.fullPath,
      contentType: stored.contentType,
      customMetadata: {},
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
    fileBytes += data.length;
    yield { kind: 'file', file };
    yield { kind: 'file-chunk', file, data, last: true };
  }
  yield {
    kind: 'trailer',
    trailer: { tables, files: archive.files.length, fileBytes, frames: 0, sha256: '' },
  };
}
