import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffMember } from '../test/staff-helpers.ts';
import { postReport, reportPayload, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { runBackupCommand } from './backup.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));
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

const envOf = (server: TestServer) => ({
  DATABASE_URL: server.database.url,
  DATA_DIR: server.dataDir,
  ENCRYPTION_KEY: server.config.encryptionKey?.toString('base64') ?? '',
});

async function counts(server: TestServer) {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await server.database.pool.query(`select count(*)::int as n from ${table}`);
    result[table] = rows[0].n;
  }
  return result;
}

/** SHA-256 of every file's content, opened, by path. */
async function fileHashes(server: TestServer) {
  const hashes: Record<string, string> = {};
  for (const fullPath of await server.services.storage.list('')) {
    const { data } = await server.services.storage.get(fullPath);
    hashes[fullPath] = createHash('sha256').update(data).digest('hex');
  }
  return hashes;
}

describe('npm run backup and npm run restore', () => {
  let source: TestServer;
  let target: TestServer;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-backup-'));
  const archive = path.join(folder, 'site.backup');
  let receipt = '';
  beforeAll(async () => {
    source = await startTestServer({ REPORTS_PER_HOUR_PER_IP: '100' });
    target = await startTestServer({ ENCRYPTION_KEY: source.config.encryptionKey?.toString('base64') ?? '' });
  });
  afterAll(async () => {
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
    await source.services.operationsFor(staff).content.save('announcement', 'en', 'Closed on **Friday**.');
    const before = await counts(source);
    expect(before.report).toBe(2);
    expect(before.report_attachment).toBe(1);

    const lines: string[] = [];
    await runBackupCommand(['backup', '--out', archive], envOf(source), (line) => lines.push(line));
    expect(lines.join('\n')).toContain(`Backup written to ${archive}`);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const bytes = fs.readFileSync(archive);
    for (const value of [...Object.values(SEEDED), 'Bella Backup', 'report_attachment', 'Friday']) {
      expect(bytes.includes(Buffer.from(value))).toBe(false);
    }

    const restored: string[] = [];
    await runBackupCommand(['restore', archive], envOf(target), (line) => restored.push(line));
    expect(restored.join('\n')).toMatch(/^Restored the backup of .*: \d+ rows in \d+ tables, 1 files\.$/);

    expect(await counts(target)).toEqual(before);
    expect(await fileHashes(target)).toEqual(await fileHashes(source));
    // The restored site reads its reports, opens them with their receipts and keeps counting ids.
    const { reports } = target.services.operationsFor(staff);
    const [report] = (await reports.list({ sort: 'received-asc', page: 1 })).items;
    expect((await reports.open(report?.id ?? ''))?.description).toBe(SEEDED.description);
    expect(await target.services.followUp.open(receipt)).toBeDefined();
    await target.services.operationsFor(staff).content.save('announcement', 'en', 'Open again.');
  });

  it('refuses to restore over a site that is not fresh, and an archive sealed with another key', async () => {
    await expect(runBackupCommand(['restore', archive], envOf(target), () => {})).rejects.toThrow(
      /already holds reports, messages or staff/,
    );
    const other = await startTestServer();
    try {
      await expect(
        runBackupCommand(
          ['restore', archive],
          { ...envOf(other), ENCRYPTION_KEY: randomBytes(32).toString('base64') },
          () => {},
        ),
      ).rejects.toThrow(/cannot be opened with this site's encryption key/);
      expect((await counts(other)).report).toBe(0);
    } finally {
      await other.close();
    }
  });
});
