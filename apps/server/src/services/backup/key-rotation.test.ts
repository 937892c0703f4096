import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateReport } from '@app/core/forms/report.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArchiveFile } from '../../cli/backup-folder.ts';
import { createEncryption } from '../../crypto/encryption.ts';
import { fileKeyring, readKeyringState, staticKeyring } from '../../crypto/keyring.ts';
import { report } from '../../db/schema.ts';
import { createSealedStorage } from '../../storage/sealed-storage.ts';
import { openFollowUp, sendFollowUpReply } from '../../test/follow-up-helpers.ts';
import { holdPuts } from '../../test/held-storage.ts';
import { masterKeyOf, rotationOf } from '../../test/key-rotation-helpers.ts';
import { type LocalS3, startLocalS3 } from '../../test/s3-site.ts';
import { CookieJar, createStaffMember } from '../../test/staff-helpers.ts';
import { contactMessageFrom, postReport, reportPayload, SEEDED, solveAltcha } from '../../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { searchCondition } from '../casework/search-index.ts';
import { submitReport } from '../intake/submit-report.ts';
import { createBackup, verifyBackup } from './backup.ts';
import {
  countByKey,
  countFilesByKey,
  type RotationDependencies,
  rotateDataKey,
  rotateLookupKey,
  SEALED_COLUMNS,
  UPLOAD_TRANSACTION_MARGIN_MS,
  uploadWindowMs,
} from './key-rotation.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../e2e/fixtures/photo-with-gps.jpg'));
let nextAddress = 10;
const newAddress = () => `198.51.100.${nextAddress++}`;

/** These tests hash receipts with scrypt many times and read every file: slow on a busy machine. */
const SLOW_MS = 180_000;

/** Every sealed value of the site, opened by the running site: "table.column.id" → plain text. */
async function openEverything(server: TestServer) {
  const opened = new Map<string, string>();
  for (const { table, columns } of SEALED_COLUMNS) {
    for (const column of columns) {
      const { rows } = await server.database.pool.query<{ id: string; sealed: string }>(
        `select id::text as id, "${column}" as sealed from "${table}" where "${column}" is not null`,
      );
      for (const row of rows)
        opened.set(`${table}.${column}.${row.id}`, server.services.encryption.openText(row.sealed));
    }
  }
  return opened;
}

/** Every stored file, opened by the running site: path → SHA-256 of the plain bytes. */
async function openFiles(server: TestServer) {
  const opened = new Map<string, string>();
  for (const fullPath of await server.services.fileStore.list('reports/')) {
    const { data } = await server.services.storage.get(fullPath);
    opened.set(fullPath, createHash('sha256').update(data).digest('hex'));
  }
  return opened;
}

async function populate(server: TestServer) {
  const receipts: string[] = [];
  for (const anonymous of [false, false, true]) {
    const overrides = anonymous
      ? { anonymous: true, firstName: '', lastName: '', phone: '', email: '', address: '' }
      : {};
    const sent = await postReport(
      server.baseUrl,
      {
        payload: reportPayload(overrides),
        altcha: await solveAltcha(server.baseUrl),
        files: [{ name: 'tram-halte.jpg', data: PHOTO, type: 'image/jpeg' }],
      },
      { 'x-forwarded-for': newAddress() },
    );
    expect(sent.status).toBe(201);
    receipts.push((sent.body as unknown as { receipt: string }).receipt);
  }
  const contact = await fetch(`${server.baseUrl}/api/contact-messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newAddress() },
    body: JSON.stringify({
      altcha: await solveAltcha(server.baseUrl),
      message: contactMessageFrom('nl'),
    }),
  });
  expect(contact.status, await contact.text()).toBe(201);
  const { rows } = await server.database.pool.query<{ id: string }>('select id from report order by created_at');
  const { staff } = await createStaffMember(server, 'coordinator', 'Cora Coordinator');
  const reports = server.services.operationsFor(staff).reports;
  for (const { id } of rows) {
    await reports.addNote(id, 'Teruggebeld, wil aangifte doen.');
    await reports.reply(id, 'Dank u, kunt u de foto nog eens sturen?');
  }
  const jar = new CookieJar();
  expect((await openFollowUp(server.baseUrl, receipts[0] ?? '', jar, { 'x-forwarded-for': newAddress() })).status).toBe(
    200,
  );
  const reply = await sendFollowUpReply(
    server.baseUrl,
    jar,
    'Hier is de foto nog eens.',
    [{ name: 'opnieuw.jpg', data: PHOTO }],
    { 'x-forwarded-for': newAddress() },
  );
  expect(reply.status).toBe(201);
  return receipts;
}

async function receiptOpens(server: TestServer, receipt: string) {
  const answer = await openFollowUp(server.baseUrl, receipt, new CookieJar(), { 'x-forwarded-for': newAddress() });
  return answer.status === 200;
}

describe('key rotation', () => {
  let server: TestServer;
  let masterKey: Buffer;
  const rotation = (extra: Partial<RotationDependencies> = {}) => rotationOf(server, extra);
  beforeAll(async () => {
    server = await startTestServer({
      TRUST_PROXY: 'loopback',
      REPORTS_PER_HOUR_PER_IP: '1000',
      MESSAGES_PER_HOUR_PER_IP: '1000',
    });
    masterKey = masterKeyOf(server);
  });
  afterAll(() => server.close());

  it(
    'rotates a populated site twice: everything still opens, nothing is left under a retired key',
    async () => {
      const receipts = await populate(server);
      const values = await openEverything(server);
      const files = await openFiles(server);
      // Reports with names, files of reports and of the follow-up thread, a message, notes, replies.
      expect(values.size).toBeGreaterThanOrEqual(3 * 4 + 2 * 1 + 3 + 1 + 3 + 3 + 1);
      expect(files.size).toBe(4);
      // Before this change everything was under the original key (id 1, in the old format too).
      expect(Object.keys((await countByKey(server.database.pool)).values)).toEqual(['1']);
      // A backup taken before the rotations, and the keyring as it was then (no file yet: key 1).
      const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cs-rotation-')), 'before.backup');
      await writeArchiveFile(archive, (sink) =>
        createBackup(server.database.pool, server.services.fileStore, server.services.encryption, sink, {
          site: server.config.publicUrl,
        }),
      );
      const keyringThen = readKeyringState(masterKey, server.config.keyringFile);

      const printed: string[] = [];
      const first = await rotateDataKey(rotation({ print: (line) => printed.push(line) }));
      expect(first).toMatchObject({ outcome: 'retired', current: 2, retired: [1] });
      expect(printed.join('\n')).toMatch(/re-sealed/);
      // Progress names tables, keys and counts, never what is sealed.
      for (const secret of Object.values(SEEDED)) expect(printed.join('\n')).not.toContain(secret);

      const lookup = await rotateLookupKey(rotation());
      expect(lookup.waiting).toEqual([1]);
      const second = await rotateDataKey(rotation());
      expect(second).toMatchObject({ outcome: 'retired', current: 3, retired: [2] });

      expect(await openEverything(server)).toEqual(values);
      expect(await openFiles(server)).toEqual(files);
      const counts = await countByKey(server.database.pool);
      expect(Object.keys(counts.values)).toEqual(['3']);
      // The search index (decision 0055) was made again under the current key before the old ones
      // retired: only key 3's entries are left, and a seeded word still finds its reports.
      const indexKeys = await server.database.pool.query('select distinct key_id from report_search_token');
      expect(indexKeys.rows).toEqual([{ key_id: 3 }]);
      const stillFound = await server.database.db
        .select({ id: report.id })
        .from(report)
        .where(searchCondition(server.services.encryption, ['hitlergroet']));
      expect(stillFound.length).toBeGreaterThan(0);
      expect(Object.keys(await countFilesByKey(server.services.fileStore, server.services.encryption))).toEqual(['3']);
      const keyring = readKeyringState(masterKey, server.config.keyringFile);
      expect(keyring.data).toMatchObject({ current: 3, retired: [1, 2], retiring: [] });
      expect(Object.keys(keyring.data.keys)).toEqual(['3']);
      // The old backup no longer opens with the current keyring, and still does with the keyring of its time.
      await expect(verifyBackup(archive, server.services.encryption)).rejects.toThrow(
        /data key 1, which this keyring does not hold.*keyring file/,
      );
      const then = createEncryption(masterKey, staticKeyring(masterKey, keyringThen));
      expect((await verifyBackup(archive, then)).files).toBe(4);

      // Receipts issued before the lookup rotation still open, and move to the new lookup key.
      for (const receipt of receipts) expect(await receiptOpens(server, receipt)).toBe(true);
      expect(await receiptOpens(server, '0000000000000000')).toBe(false);
      expect((await countByKey(server.database.pool)).receipts).toEqual({ 2: 3 });
      expect(await rotateLookupKey(rotation())).toEqual({ retired: [1], waiting: [] });
      for (const receipt of receipts) expect(await receiptOpens(server, receipt)).toBe(true);
    },
    SLOW_MS,
  );

  it(
    'resumes an interrupted rotation where it stopped',
    async () => {
      const before = readKeyringState(masterKey, server.config.keyringFile).data.current;
      const after = before + 1;
      const values = await openEverything(server);
      const files = await openFiles(server);
      expect(values.size).toBeGreaterThan(6);
      const stop = new AbortController();
      let batches = 0;
      const interrupted = await rotateDataKey(
        rotation({
          batchSize: 2,
          signal: stop.signal,
          print: () => {
            batches += 1;
            if (batches === 3) stop.abort();
          },
        }),
      );
      expect(interrupted.outcome).toBe('interrupted');
      // The site keeps taking messages meanwhile, under whichever key it holds as current.
      const sent = await fetch(`${server.baseUrl}/api/contact-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newAddress() },
        body: JSON.stringify({
          altcha: await solveAltcha(server.baseUrl),
          message: {
            language: 'fr',
            firstName: 'Sara',
            lastName: 'Cohen',
            email: 'sara@example.be',
            phone: '',
            message: 'Pendant la rotation.',
          },
        }),
      });
      expect(sent.status).toBe(201);
      const during = await openEverything(server);
      expect([...during.values()].filter((value) => value.includes('Pendant la rotation.'))).toHaveLength(1);
      const halfway = (await countByKey(server.database.pool)).values;
      expect(halfway[before]).toBeGreaterThan(0);
      expect(halfway[after]).toBeGreaterThan(0);
      // Halfway, the site opens everything: values under the old key and the new one.
      expect(during.size).toBe(values.size + 1);
      for (const [where, plain] of values) expect(during.get(where)).toBe(plain);

      const resumed = await rotateDataKey(rotation({ batchSize: 2 }));
      expect(resumed).toMatchObject({ outcome: 'retired', current: after, retired: [before] });
      expect(await openEverything(server)).toEqual(during);
      expect(await openFiles(server)).toEqual(files);
      expect(Object.keys((await countByKey(server.database.pool)).values)).toEqual([String(after)]);
      expect(Object.keys(await countFilesByKey(server.services.fileStore, server.services.encryption))).toEqual([
        String(after),
      ]);
    },
    SLOW_MS,
  );

  it(
    'keeps the old key until a slow upload begun under it has landed, then re-seals it before retiring the key',
    async () => {
      const before = readKeyringState(masterKey, server.config.keyringFile).data.current;
      // Another instance of the site, whose storage is slow: it seals a report's file under the key
      // it holds (the old one) when the put starts, and the put lands only when the test says.
      const instance = createEncryption(masterKey, fileKeyring(masterKey, server.config.keyringFile));
      const held = holdPuts(server.services.fileStore);
      const uploads = { waitMs: 120_000, spoolMaxBytes: 50 * 1024 * 1024 };
      const input = validateReport(reportPayload({ description: 'Trage upload tijdens de sleutelwissel.' }));
      if (!input.success) throw new Error('the report does not validate');
      const submitted = submitReport(
        {
          ...server.services,
          encryption: instance,
          storage: createSealedStorage(held.driver, instance),
          uploads,
        },
        input.data,
        // Not re-encoded (the test is about the seal): the row says cleaned as every new upload's does.
        [
          {
            data: PHOTO,
            contentType: 'image/jpeg',
            extension: 'jpg',
            originalName: 'traag.jpg',
            metadataRemoved: true,
          },
        ],
        { isQuarantined: false },
      );
      const slowPath = await held.began;
      let waited = 0;
      let duringWait: ReturnType<typeof readKeyringState>['data'] | undefined;
      let landedUnder = 0;
      const result = await rotateDataKey(
        rotation({
          uploadWindowMs: uploadWindowMs(uploads.waitMs),
          // Every pass is over; the slow put lands now, within the window the rotation waits out.
          waitForUploads: async (ms) => {
            waited = ms;
            duringWait = readKeyringState(masterKey, server.config.keyringFile).data;
            held.release();
            await submitted;
            landedUnder = server.services.encryption.keyIdOf((await server.services.fileStore.get(slowPath)).data);
          },
        }),
      );
      // The wait is longer than the reporter's upload wait; the old key was still held during it.
      expect(waited).toBe(uploads.waitMs + UPLOAD_TRANSACTION_MARGIN_MS);
      expect(duringWait?.retiring).toContain(before);
      expect(duringWait?.retired).not.toContain(before);
      // The file landed after the last pass, under the old key: without the last count it would
      // have stayed there while its key was deleted.
      expect(landedUnder).toBe(before);
      expect(result).toMatchObject({ outcome: 'retired', current: before + 1, retired: [before] });
      const stored = await server.services.fileStore.get(slowPath);
      expect(server.services.encryption.keyIdOf(stored.data)).toBe(before + 1);
      expect(server.services.encryption.open(stored.data).equals(PHOTO)).toBe(true);
      // Every file and value still opens, and nothing is left under the retired key.
      const { rows } = await server.database.pool.query<{ report_id: string }>(
        'select report_id from report_attachment where full_path = $1',
        [slowPath],
      );
      expect(rows).toHaveLength(1);
      for (const fullPath of await server.services.fileStore.list('reports/')) {
        expect((await server.services.storage.get(fullPath)).data.length).toBeGreaterThan(0);
      }
      expect([...(await openEverything(server)).values()]).toContain('Trage upload tijdens de sleutelwissel.');
      expect(Object.keys((await countByKey(server.database.pool)).values)).toEqual([String(before + 1)]);
      expect(Object.keys(await countFilesByKey(server.services.fileStore, server.services.encryption))).toEqual([
        String(before + 1),
      ]);
    },
    SLOW_MS,
  );
});

describe('key rotation with files in S3', () => {
  let s3: LocalS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startLocalS3();
    server = await startTestServer({
      ...s3.env,
      TRUST_PROXY: 'loopback',
      REPORTS_PER_HOUR_PER_IP: '1000',
      MESSAGES_PER_HOUR_PER_IP: '1000',
    });
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  it(
    're-seals every object in the bucket, twice, and the site still opens them',
    async () => {
      await populate(server);
      const values = await openEverything(server);
      const files = await openFiles(server);
      expect(files.size).toBe(4);
      for (const expected of [2, 3]) {
        const result = await rotateDataKey(rotationOf(server));
        expect(result).toMatchObject({ outcome: 'retired', current: expected, retired: [expected - 1] });
      }
      expect(await openEverything(server)).toEqual(values);
      expect(await openFiles(server)).toEqual(files);
      // As they lie in the bucket, every object names key 3.
      for (const fullPath of files.keys()) {
        const raw = await s3.readRaw(fullPath);
        expect(server.services.encryption.keyIdOf(raw)).toBe(3);
      }
    },
    SLOW_MS,
  );
});
