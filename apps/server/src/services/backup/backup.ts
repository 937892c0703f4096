import fs from 'node:fs/promises';
import type pg from 'pg';
import type { Encryption } from '../../crypto/encryption.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import { StorageError } from '../../storage/storage-error.ts';
import {
  type ArchiveContents,
  type ArchiveHeader,
  type ArchiveRecord,
  type ArchiveSink,
  ArchiveWriter,
  BackupError,
  DEFAULT_CHUNK_BYTES,
} from './backup-format.ts';
import { legacyRecords, openLegacyArchive } from './backup-legacy.ts';
import { newProgress, type Progress, startPhase } from './backup-progress.ts';
import { archiveFormat, readArchive, readArchiveHeader } from './backup-reader.ts';
import { checkFresh, checkVersion, countRecord, type RestoreSummary, writeRecords } from './backup-restore.ts';
import { copyTables, inSnapshot, measureTables, migrationCount, planProgress } from './backup-tables.ts';

export type { RestoreSummary } from './backup-restore.ts';
export { tablesInOrder } from './backup-tables.ts';

/**
 * Backups of the whole site: every table that matters and every stored file, in one archive that
 * streams (services/backup/backup-format.ts). It needs no pg_dump (the embedded PostgreSQL ships none)
 * and restores into a fresh instance of the same version. Every record is sealed with the site's
 * master key: the archive opens only where that key is, like the data inside it. See
 * docs/decisions/0013-backups.md and 0019-streaming-backups.md.
 */

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
  const paths = await inSnapshot(pool, async (client) => {
    // The first query fixes the snapshot.
    const migrations = await migrationCount(client);
    // Listed after the snapshot: a file is stored before the row naming it commits, so every file
    // a row of the snapshot names is in the list.
    const paths = await files.list('');
    const tables = await measureTables(client);
    await planProgress(client, progress, tables, paths.length);
    await writer.begin({ createdAt, migrations, site: options.site });
    await copyTables(client, writer, tables, chunkBytes, progress);
    return paths;
  });
  const vanished = await copyFiles(files, paths, writer, chunkBytes, progress);
  const trailer = await writer.end();
  progress.bytes = writer.bytes;
  const { tables, files: fileCount, fileBytes, bytes, largestFrame } = trailer;
  return { createdAt, tables, files: fileCount, fileBytes, bytes, largestFrame, vanished };
}

/**
 * The files as stored: already sealed, copied without opening them. Returns how many of the listed
 * files the site deleted (retention) before they could be read.
 */
async function copyFiles(
  files: StorageDriver,
  paths: string[],
  writer: ArchiveWriter,
  chunkBytes: number,
  progress: Progress,
): Promise<number> {
  let vanished = 0;
  for (const fullPath of paths) {
    const stored = await files.get(fullPath).catch((error: unknown) => {
      if (error instanceof StorageError && error.code === 'object-not-found') return undefined;
      throw error;
    });
    if (!stored) {
      vanished += 1;
      continue;
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
  return vanished;
}

export type VerifySummary = ArchiveContents & {
  header: ArchiveHeader;
  /** The archive's size on disk. */
  bytes: number;
};

async function verifyStreaming(source: fs.FileHandle, encryption: Encryption, progress: Progress) {
  let header: ArchiveHeader | undefined;
  for await (const record of readArchive(source, encryption, progress)) {
    countRecord(progress, record);
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
