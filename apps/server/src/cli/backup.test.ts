import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEncryption } from '../crypto/encryption.ts';
import { tablesInOrder } from '../services/backup/backup.ts';
import { createFileStore } from '../storage/file-store.ts';
import { fileHashes } from '../test/file-hashes.ts';
import { createStaffMember } from '../test/staff-helpers.ts';
import { postReport, reportPayload, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { keyOf, siteEnvOf, startTestServer, type TestServer } from '../test/test-server.ts';
import { runBackupCommand } from './backup.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));
const SCRIPT = path.resolve(import.meta.dirname, 'backup.ts');
const TABLES = [
  'report',
  'report_attachment',
  'report_message',
  'report_note',
  'report_status_change',
  'contact_message',
  'staff_user',
  'staff_account',
  'audit_event',
  'content_version',
  'app_setting',
];

const envOf = siteEnvOf;

async function counts(server: TestServer) {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await server.database.pool.query(`select count(*)::int as n from ${table}`);
    result[table] = rows[0].n;
  }
  return result;
}

/** Where each frame of a streaming archive starts and ends (the magic line is 10 bytes). */
function frames(archive: Buffer) {
  const found: { start: number; end: number }[] = [];
  for (let start = 10; start < archive.length; ) {
    const end = start + 36 + archive.readUInt32BE(start);
    found.push({ start, end });
    start = end;
  }
  return found;
}

/**
 * An archive of the first format, made as `npm run backup` made them before decision 0019: the
 * whole site as one JSON document, gzipped and sealed after a `CSBACKUP1` line.
 */
async function legacyArchive(server: TestServer, { migrations }: { migrations?: number } = {}): Promise<Buffer> {
  const archive = {
    createdAt: new Date().toISOString(),
    migrations: 0,
    tables: [] as { name: string; rows: unknown[] }[],
    files: [] as { fullPath: string; contentType: string; data: string }[],
  };
  const client = await server.database.pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    archive.migrations = migrations ?? applied.rows[0].n;
    for (const name of await tablesInOrder(client)) {
      const { rows } = await client.query(`select row_to_json(t) as row from "${name}" t`);
      archive.tables.push({ name, rows: rows.map((row) => row.row) });
    }
    await client.query('commit');
  } finally {
    client.release();
  }
  const stored = createFileStore(server.config);
  for (const fullPath of await stored.list('')) {
    const { data, metadata } = await stored.get(fullPath);
    archive.files.push({ fullPath, contentType: metadata.contentType, data: data.toString('base64') });
  }
  const encryption = createEncryption(Buffer.from(keyOf(server), 'base64'));
  return Buffer.concat([Buffer.from('CSBACKUP1\n'), encryption.seal(gzipSync(JSON.stringify(archive)))]);
}

// Each test runs the commands as processes on a whole site: room for a busy machine.
describe('npm run backup, backup:verify and restore', { timeout: 90_000 }, () => {
  let source: TestServer;
  let target: TestServer;
  /** Stays fresh until the last test: every refused restore must leave it as it was. */
  let fresh: TestServer;
  let freshBefore: Record<string, number>;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-backup-'));
  const archive = path.join(folder, 'site.backup');
  let receipt = '';
  let staffId: Awaited<ReturnType<typeof createStaffMember>>['staff'];

  const run = async (argv: string[], env: Record<string, string>) => {
    const lines: string[] = [];
    await runBackupCommand(argv, env, (line) => lines.push(line));
    return lines.join('\n');
  };
  /** A variant of the good archive, which every command must refuse, leaving `fresh` untouched. */
  const refused = async (name: string, bytes: Buffer, message: RegExp) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, bytes);
    await expect(run(['verify', file], envOf(fresh))).rejects.toThrow(message);
    await expect(run(['restore', file], envOf(fresh))).rejects.toThrow(message);
    expect(await counts(fresh)).toEqual(freshBefore);
    expect(await fresh.services.storage.list('')).toEqual([]);
  };

  beforeAll(async () => {
    source = await startTestServer({ REPORTS_PER_HOUR_PER_IP: '100' });
    target = await startTestServer({ ENCRYPTION_KEY: keyOf(source) });
    fresh = await startTestServer({ ENCRYPTION_KEY: keyOf(source) });
    freshBefore = await counts(fresh);
  });
  afterAll(async () => {
    await fresh.close();
    await target.close();
    await source.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('writes one sealed archive, readable by its owner only, that restores every row and file', async () => {
    const sent = await postReport(source.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(source.baseUrl),
      files: [{ name: 'tram.jpg', data: PHOTO, type: 'image/jpeg' }],
    });
    receipt = (sent.body as unknown as { receipt: string }).receipt;
    await postReport(source.baseUrl, {
      payload: reportPayload({ type: 'online' }),
      altcha: await solveAltcha(source.baseUrl),
    });
    const { staff } = await createStaffMember(source, 'admin', 'Bella Backup');
    staffId = staff;
    await source.services.operationsFor(staff).content.save('announcement', 'en', 'Closed on **Friday**.');
    const before = await counts(source);
    expect(before.report).toBe(2);
    expect(before.report_attachment).toBe(1);

    const written = await run(['backup', '--out', archive], envOf(source));
    expect(written).toMatch(
      new RegExp(
        `^Backup written to ${archive} \\(.+: \\d+ rows in \\d+ tables, 1 file; readable by its owner only; .+\\)\\.$`,
      ),
    );
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    // Complete, it has its name; nothing else is left beside it.
    expect(fs.readdirSync(folder)).toEqual(['site.backup']);
    const bytes = fs.readFileSync(archive);
    for (const value of [...Object.values(SEEDED), 'Bella Backup', 'report_attachment', 'Friday']) {
      expect(bytes.includes(Buffer.from(value))).toBe(false);
    }
    await expect(run(['backup', '--out', archive], envOf(source))).rejects.toThrow(
      /already exists: a backup never replaces a file/,
    );
    expect(fs.readFileSync(archive).equals(bytes)).toBe(true);

    const restored = await run(['restore', archive], envOf(target));
    expect(restored).toMatch(/^Restored the backup of .*: [\d,]+ rows in \d+ tables, 1 file\.$/);

    expect(await counts(target)).toEqual(before);
    expect(await fileHashes(target)).toEqual(await fileHashes(source));
    // The restored site reads its reports, opens them with their receipts and keeps counting ids.
    const { reports } = target.services.operationsFor(staff);
    const [report] = (await reports.list({ sort: 'received-asc', page: 1 })).items;
    expect((await reports.open(report?.id ?? ''))?.description).toBe(SEEDED.description);
    expect(await target.services.followUp.open(receipt)).toBeDefined();
    await target.services.operationsFor(staff).content.save('announcement', 'en', 'Open again.');
  });

  it('backup:verify checks every record and says what the archive holds, without restoring', async () => {
    const said = await run(['verify', archive], envOf(fresh));
    const before = await counts(source);
    expect(said).toContain(`${archive}: complete and intact.`);
    expect(said).toContain('by http://localhost:3000 (format 2,');
    expect(said).toMatch(/ rows in \d+ tables, 1 file \(\d+(\.\d)? k?B\); /);
    expect(said).toContain(`report ${before.report} · `);
    expect(said).toContain(`report_attachment ${before.report_attachment}`);
    expect(await counts(fresh)).toEqual(freshBefore);
  });

  it('refuses a truncated archive before writing anything', async () => {
    const bytes = fs.readFileSync(archive);
    const all = frames(bytes);
    const trailer = all.at(-1);
    const lastChunk = all.at(-2);
    if (!trailer || !lastChunk) throw new Error('The archive has no frames');
    const incomplete = /The backup is incomplete: it ends at byte \d+, before its closing record/;
    // Cut inside the last frame, exactly before the trailer, and before the photo's last chunk: the
    // rows are all there each time, and still nothing is restored.
    await refused('cut-in-trailer.backup', bytes.subarray(0, bytes.length - 5), incomplete);
    await refused('no-trailer.backup', bytes.subarray(0, trailer.start), incomplete);
    await refused('no-last-chunk.backup', bytes.subarray(0, lastChunk.start), incomplete);
    await refused('magic-only.backup', bytes.subarray(0, 10), incomplete);
  });

  it('refuses an archive with a flipped byte, a frame removed or frames swapped, before writing anything', async () => {
    const bytes = fs.readFileSync(archive);
    const all = frames(bytes);
    const flipped = Buffer.from(bytes);
    const inPhoto = (all.at(-2)?.start ?? 0) + 100;
    flipped[inPhoto] = (flipped[inPhoto] ?? 0) ^ 0x01;
    await refused(
      'flipped.backup',
      flipped,
      /damaged or was altered: the record at byte \d+ does not match its checksum/,
    );

    // A frame left out, the sequence numbers then fail at the next one.
    const second = all[1];
    const third = all[2];
    if (!second || !third) throw new Error('The archive has too few frames');
    const removed = Buffer.concat([bytes.subarray(0, second.start), bytes.subarray(third.start)]);
    await refused('removed.backup', removed, /the record at byte \d+ is out of order/);
    const swapped = Buffer.concat([
      bytes.subarray(0, second.start),
      bytes.subarray(third.start, third.end),
      bytes.subarray(second.start, second.end),
      bytes.subarray(third.end),
    ]);
    await refused('swapped.backup', swapped, /the record at byte \d+ is out of order/);
    await refused('appended.backup', Buffer.concat([bytes, Buffer.from('x')]), /follows the closing record/);
    await refused('not-a-backup.backup', Buffer.from('PK\u0003\u0004 a zip file'), /not a backup of this site/);
  });

  it('refuses an archive sealed with another key, and restoring over a site that is not fresh', async () => {
    const otherKey = { ...envOf(fresh), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const wrongKey = /cannot be opened with this site's encryption key/;
    await expect(run(['verify', archive], otherKey)).rejects.toThrow(wrongKey);
    await expect(run(['restore', archive], otherKey)).rejects.toThrow(wrongKey);
    expect(await counts(fresh)).toEqual(freshBefore);
    await expect(run(['restore', archive], envOf(target))).rejects.toThrow(/already holds reports, messages or staff/);
  });

  it('migrates a database that has no tables yet only once the archive has checked out, then restores into it', async () => {
    const empty = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-backup-unmigrated-'));
    const env = { DATABASE_URL: empty.url, DATA_DIR: dataDir, ENCRYPTION_KEY: keyOf(source) };
    const tables = async () =>
      (await empty.pool.query("select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')"))
        .rows[0].n;
    try {
      await expect(run(['restore', path.join(folder, 'no-trailer.backup')], env)).rejects.toThrow(/incomplete/);
      expect(await tables()).toBe(0);
      expect(await run(['restore', archive], env)).toMatch(/^Restored the backup of /);
      expect(await tables()).toBeGreaterThan(10);
      const { rows } = await empty.pool.query('select count(*)::int as n from report');
      expect(rows[0].n).toBe((await counts(source)).report);
    } finally {
      await empty.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('as a command, exits with a clear message and status 1 on a damaged archive', async () => {
    const damaged = path.join(folder, 'flipped.backup');
    const env = { PATH: process.env.PATH ?? '', ...envOf(fresh) };
    const result = await promisify(execFile)(process.execPath, [SCRIPT, 'verify', damaged], { env, cwd: folder }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^verify: The backup is damaged or was altered: the record at byte \d+ does not match/,
    );
    const good = await promisify(execFile)(process.execPath, [SCRIPT, 'verify', archive], { env, cwd: folder });
    expect(good.stdout).toContain('complete and intact');
    // Not a terminal: no progress line, only the summary.
    expect(good.stderr).toBe('');
  });

  it("--keep N deletes this site's older archives beyond the newest N, and nothing else", async () => {
    const kept = path.join(folder, 'kept');
    fs.mkdirSync(kept, { mode: 0o700 });
    const named = (stamp: string) => path.join(kept, `site-20240101-${stamp}.backup`);
    for (const stamp of ['000001', '000002', '000003']) await run(['backup', '--out', named(stamp)], envOf(source));
    // The same key for another site, another key, the older format, other names: none are ours to delete.
    await run(['backup', '--out', named('000004')], { ...envOf(source), PUBLIC_URL: 'https://other.example' });
    await run(['backup', '--out', named('000005')], {
      ...envOf(source),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    fs.writeFileSync(named('000006'), await legacyArchive(source));
    fs.copyFileSync(archive, path.join(kept, 'site-before-the-move.backup'));
    fs.writeFileSync(path.join(kept, 'notes.txt'), 'Off-site copy every Sunday.');

    await expect(run(['backup', '--dir', kept, '--keep', '0'], envOf(source))).rejects.toThrow(/--keep needs a number/);
    await expect(run(['backup', '--out', archive, '--keep', '2'], envOf(source))).rejects.toThrow(/use --dir FOLDER/);
    const said = await run(['backup', '--dir', kept, '--keep', '2'], envOf(source));
    expect(said).toContain(
      'Removed 2 older backups of this site (--keep 2): site-20240101-000002.backup, site-20240101-000001.backup.',
    );
    const newest = fs.readdirSync(kept).filter((name) => !name.startsWith('site-2024'));
    expect(newest).toHaveLength(3);
    expect(fs.readdirSync(kept).sort()).toEqual(
      [
        ...newest,
        'site-20240101-000003.backup',
        'site-20240101-000004.backup',
        'site-20240101-000005.backup',
        'site-20240101-000006.backup',
      ].sort(),
    );
  });

  it('refuses an archive made before incidents, which only the migration of that release carries over', async () => {
    const beforeIncidents = path.join(folder, 'before-incidents.backup');
    fs.writeFileSync(beforeIncidents, await legacyArchive(source, { migrations: 23 }));
    await expect(run(['restore', beforeIncidents], envOf(fresh))).rejects.toThrow(
      /made before incidents \(migration 0023\): restore it with the release it was made with/,
    );
    expect(await counts(fresh)).toEqual(freshBefore);
  });

  it('still restores an archive of the older format (CSBACKUP1), and verifies it', async () => {
    const old = path.join(folder, 'old-format.backup');
    fs.writeFileSync(old, await legacyArchive(source));
    await refused('old-format-cut.backup', fs.readFileSync(old).subarray(0, 2000), /older format\) cannot be opened/);
    expect(await run(['verify', old], envOf(fresh))).toContain('(format 1, ');
    const before = await counts(source);
    expect(await run(['restore', old], envOf(fresh))).toMatch(
      /^Restored the backup of .*: [\d,]+ rows in \d+ tables, 1 file\.$/,
    );
    expect(await counts(fresh)).toEqual(before);
    expect(await fileHashes(fresh)).toEqual(await fileHashes(source));
    const [report] = (await fresh.services.operationsFor(staffId).reports.list({ sort: 'received-asc', page: 1 }))
      .items;
    expect((await fresh.services.operationsFor(staffId).reports.open(report?.id ?? ''))?.description).toBe(
      SEEDED.description,
    );
  });
});
