import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEncryption } from '../../crypto/encryption.ts';
import { createFileStore } from '../../storage/file-store.ts';
import { fileHashes } from '../../test/file-hashes.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createBackup, restoreBackup, verifyBackup } from './backup.ts';
import { FRAME_OVERHEAD_BYTES } from './backup-format.ts';
import { formatProgress, newProgress } from './backup-progress.ts';

const CHUNK = 64 * 1024;
const FILES = 40;
const FILE_BYTES = 100 * 1024;
const ROWS = 3000;

const settings = async (server: TestServer) =>
  (await server.database.pool.query('select key, value from app_setting order by key')).rows;

describe('the streaming archive', () => {
  let source: TestServer;
  let target: TestServer;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-backup-stream-'));
  beforeAll(async () => {
    source = await startTestServer();
    target = await startTestServer({ ENCRYPTION_KEY: source.config.encryptionKey?.toString('base64') ?? '' });
  });
  afterAll(async () => {
    await target.close();
    await source.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('writes one chunk at a time, each write awaited, however much it holds, and restores it whole', async () => {
    await source.database.pool.query(
      `insert into app_setting (key, value) select 'bulk-' || n, to_jsonb(repeat('x', 100)) from generate_series(1, ${ROWS}) n`,
    );
    for (let index = 0; index < FILES; index += 1) {
      await source.services.storage.put(`bulk/file-${index}.bin`, randomBytes(FILE_BYTES), {
        contentType: 'application/octet-stream',
      });
    }
    const encryption = createEncryption(source.config.encryptionKey ?? Buffer.alloc(0));
    const file = path.join(folder, 'site.backup');
    const handle = await fs.promises.open(file, 'wx', 0o600);
    const writes: number[] = [];
    let pending = 0;
    let mostPending = 0;
    const progress = newProgress('Backing up');
    const summary = await createBackup(
      source.database.pool,
      createFileStore(source.config),
      encryption,
      async (bytes) => {
        pending += 1;
        mostPending = Math.max(mostPending, pending);
        writes.push(bytes.length);
        // A slow disk: the next frame must wait for this one.
        await new Promise((resolve) => setImmediate(resolve));
        await handle.write(bytes);
        pending -= 1;
      },
      { site: 'https://example.test', chunkBytes: CHUNK, progress },
    );
    await handle.close();

    expect(summary.files).toBe(FILES);
    expect(summary.tables.app_setting).toBe(ROWS);
    // Far more than one chunk went through, never more than one chunk (and its framing) at once.
    expect(summary.bytes).toBe(writes.reduce((sum, size) => sum + size, 0));
    expect(summary.bytes).toBeGreaterThan(60 * CHUNK);
    expect(Math.max(...writes)).toBeLessThanOrEqual(CHUNK + FRAME_OVERHEAD_BYTES);
    expect(summary.largestFrame).toBeLessThanOrEqual(CHUNK + FRAME_OVERHEAD_BYTES);
    expect(mostPending).toBe(1);
    // Each file took two frames of data, the bulk rows several.
    expect(writes.filter((size) => size > CHUNK).length).toBeGreaterThanOrEqual(FILES);
    expect(progress).toMatchObject({ files: FILES, filesTotal: FILES, tables: progress.tablesTotal });
    expect(progress.rows).toBe(progress.rowsTotal);
    expect(progress.bytes).toBe(summary.bytes);

    const verified = await verifyBackup(file, encryption);
    expect(verified).toMatchObject({ files: FILES, fileBytes: summary.fileBytes, bytes: summary.bytes });
    expect(verified.tables).toEqual(summary.tables);

    const restoring = newProgress('Checking');
    const restored = await restoreBackup(target.database.pool, createFileStore(target.config), encryption, file, {
      progress: restoring,
    });
    expect(restored.files).toBe(FILES);
    expect(restored.rows).toEqual(summary.tables);
    expect(restoring).toMatchObject({ phase: 'Restoring', bytes: summary.bytes, files: FILES, rows: progress.rows });
    expect(await settings(target)).toEqual(await settings(source));
    expect(await fileHashes(target)).toEqual(await fileHashes(source));
  });

  it('restores an archive from before a column was added: the column takes its default, not a null', async () => {
    // The source plays an older version, whose app_setting had no updated_at yet.
    await source.database.pool.query('alter table app_setting drop column updated_at');
    const encryption = createEncryption(source.config.encryptionKey ?? Buffer.alloc(0));
    const file = path.join(folder, 'older.backup');
    const handle = await fs.promises.open(file, 'wx', 0o600);
    await createBackup(
      source.database.pool,
      createFileStore(source.config),
      encryption,
      async (bytes) => {
        await handle.write(bytes);
      },
      { site: 'https://example.test' },
    );
    await handle.close();
    const newer = await startTestServer({ ENCRYPTION_KEY: source.config.encryptionKey?.toString('base64') ?? '' });
    try {
      await restoreBackup(newer.database.pool, createFileStore(newer.config), encryption, file);
      const { rows } = await newer.database.pool.query(
        "select count(*)::int as n, count(updated_at)::int as dated from app_setting where key like 'bulk-%'",
      );
      expect(rows[0]).toEqual({ n: ROWS, dated: ROWS });
    } finally {
      await newer.close();
    }
  });

  it('shows bytes, tables, rows, files, the time spent and the time left on one line', () => {
    const started = Date.UTC(2026, 0, 1, 2, 0, 0);
    const progress = {
      ...newProgress('Backing up', started),
      bytes: 512 * 1024 * 1024,
      tables: 7,
      tablesTotal: 12,
      rows: 45_210,
      rowsTotal: 100_000,
      files: 120,
      filesTotal: 3000,
      done: 25,
      total: 100,
    };
    expect(formatProgress(progress, started + 62_000)).toBe(
      'Backing up · 512 MB · tables 7/12 · rows 45,210/100,000 · files 120/3,000 · 1:02 elapsed · about 3:06 left',
    );
    // Too early to tell, then past the estimate.
    expect(formatProgress({ ...progress, done: 0 }, started + 62_000)).not.toContain('left');
    expect(formatProgress({ ...progress, done: 120 }, started + 3_700_000)).toContain('1:01:40 elapsed · finishing');
    const reading = { ...newProgress('Checking', started), bytes: 3 * 1024 * 1024, bytesTotal: 1536 * 1024 * 1024 };
    expect(formatProgress({ ...reading, bytes: 0 }, started)).toBe('Checking · 0:00 elapsed');
    expect(formatProgress(reading, started + 1000)).toBe('Checking · 3.0 MB of 1.5 GB · 0:01 elapsed');
  });
});
