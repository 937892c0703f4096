import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { countFilesByKey, rotateDataKey } from '../services/backup/key-rotation.ts';
import { createS3Storage, DEFAULT_RETRY_POLICY, type RetryPolicy } from '../storage/s3-storage.ts';
import { createSpoolMover } from '../storage/spool-mover.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { rotationOf } from '../test/key-rotation-helpers.ts';
import { type LocalS3, startLocalS3 } from '../test/s3-site.ts';
import { CookieJar, signedInSession, type TestStaff } from '../test/staff-helpers.ts';
import {
  PLAIN_INCIDENT,
  PLAIN_NO_ANSWERS,
  postReport,
  reportPayload,
  solveAltcha,
} from '../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

type Mode = 'pass' | 'stall' | 'refuse';

/**
 * A TCP proxy in front of s3rver that injects the storage's failures: 'stall' takes every new
 * connection and never answers (a storage that hangs), 'refuse' answers 503 at once (a storage
 * that is down), 'pass' lets everything through.
 */
async function startStorageProxy(target: string) {
  const { hostname, port } = new URL(target);
  let mode: Mode = 'pass';
  const held = new Set<net.Socket>();
  const server = net.createServer((client) => {
    held.add(client);
    client.on('close', () => held.delete(client));
    client.on('error', () => {});
    if (mode === 'stall') return;
    if (mode === 'refuse') {
      client.once('data', () => {
        client.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      });
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    set(next: Mode) {
      mode = next;
      // Connections kept alive from before would bypass the new mode.
      for (const socket of held) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of held) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A retry policy whose clock moves by its pauses: the 10-minute budget passes at once. */
function fastPolicy(): RetryPolicy {
  let now = 0;
  return {
    ...DEFAULT_RETRY_POLICY,
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
}

const count = async (server: TestServer, table: string) =>
  (await server.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;

describe('uploads never hold the reporter (decision 0025)', () => {
  let s3: LocalS3;
  let proxy: Awaited<ReturnType<typeof startStorageProxy>>;
  let server: TestServer;
  let coordinator: TestStaff;

  beforeAll(async () => {
    s3 = await startLocalS3();
    proxy = await startStorageProxy(s3.settings.endpoint ?? '');
    server = await startTestServer({
      ...s3.env,
      S3_ENDPOINT: proxy.endpoint,
      UPLOAD_WAIT_SECONDS: '1',
      REPORTS_PER_HOUR_PER_IP: '100',
    });
    coordinator = await signedInSession(server, 'coordinator');
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await s3?.close();
  });

  const download = (reportId: string, fileId: string) =>
    fetch(`${server.baseUrl}/api/internal/reports/${reportId}/attachments/${fileId}`, {
      headers: { cookie: coordinator.jar.header() },
    });

  it('answers within the wait while the storage hangs, keeps one report for two tries, and moves the file later', async () => {
    proxy.set('stall');
    const key = randomBytes(18).toString('base64url');
    const send = async () =>
      postReport(
        server.baseUrl,
        {
          payload: reportPayload(),
          altcha: await solveAltcha(server.baseUrl),
          files: [{ name: 'tram.jpg', data: PHOTO, type: 'image/jpeg' }],
        },
        { 'Idempotency-Key': key },
      );
    // The storage never answers: only the wait (1 s here) lets the request end, and it ends well.
    const first = await send();
    expect(first.status).toBe(201);
    const receipt = (first.body as unknown as { receipt: string }).receipt;
    expect(receipt).toMatch(/\S{10,}/);

    // The answer was lost on its way; the browser sends the same report again, same key.
    const second = await send();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((second.body as unknown as { receipt: string }).receipt).toBe(receipt);
    expect(await count(server, 'report')).toBe(1);
    expect(await count(server, 'report_attachment')).toBe(1);
    expect(await count(server, 'spooled_file')).toBe(1);
    // Only the key's HMAC and the receipt sealed under the key are kept, never either in clear.
    const { rows: keys } = await server.database.pool.query<{ key_hash: string; sealed_answer: string }>(
      'select key_hash, sealed_answer from submission_key',
    );
    expect(keys).toHaveLength(1);
    expect(JSON.stringify(keys)).not.toContain(key);
    expect(JSON.stringify(keys)).not.toContain(receipt);

    const { rows } = await server.database.pool.query<{ id: string; report_id: string; full_path: string }>(
      'select id, report_id, full_path from report_attachment',
    );
    const file = rows[0];
    if (!file) throw new Error('no attachment row');
    // Staff open the file while it is still in the spool.
    const spooled = await download(file.report_id, file.id);
    expect(spooled.status).toBe(200);
    const spooledBytes = Buffer.from(await spooled.arrayBuffer());
    expect(spooledBytes.subarray(0, 3).equals(JPEG_SIGNATURE)).toBe(true);
    // The spool holds the file sealed, as the storage would.
    const { rows: raw } = await server.database.pool.query<{ data: Buffer }>('select data from spooled_file');
    expect(raw[0]?.data.includes(spooledBytes.subarray(0, 64))).toBe(false);

    // The storage is back: the mover puts the file there and the spool is empty.
    proxy.set('pass');
    expect(await server.services.spoolMover.moveDue()).toMatchObject({ moved: 1, failed: 0 });
    expect(await count(server, 'spooled_file')).toBe(0);
    expect((await s3.readRaw(file.full_path)).length).toBeGreaterThan(0);
    const stored = await download(file.report_id, file.id);
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(spooledBytes)).toBe(true);
  });

  it('keeps a spooled file through a storage that is down past the upload budget, and moves it once back', async () => {
    proxy.set('refuse');
    const sent = await postReport(
      server.baseUrl,
      {
        payload: reportPayload(),
        altcha: await solveAltcha(server.baseUrl),
        files: [{ name: 'tram.jpg', data: PHOTO, type: 'image/jpeg' }],
      },
      { 'Idempotency-Key': randomBytes(18).toString('base64url') },
    );
    expect(sent.status).toBe(201);
    expect(await count(server, 'spooled_file')).toBe(1);

    // A mover whose retry policy lets the 10-minute budget pass without waiting.
    const driver = createS3Storage({ ...s3.settings, endpoint: proxy.endpoint }, fastPolicy());
    const mover = createSpoolMover({ pool: server.database.pool, driver, logger: createLogger('silent') });
    expect(await mover.moveDue()).toEqual({ moved: 0, failed: 1, errors: ['retry-limit-exceeded'] });
    const { rows } = await server.database.pool.query<{ attempts: number; last_error_code: string; due: boolean }>(
      'select attempts, last_error_code, next_attempt_at > now() as due from spooled_file',
    );
    expect(rows).toEqual([{ attempts: 1, last_error_code: 'retry-limit-exceeded', due: true }]);
    // Not tried again before its pause is over.
    expect(await mover.moveDue()).toEqual({ moved: 0, failed: 0, errors: [] });

    proxy.set('pass');
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    expect(await mover.moveDue(later)).toEqual({ moved: 1, failed: 0, errors: [] });
    expect(await count(server, 'spooled_file')).toBe(0);
    const { rows: files } = await server.database.pool.query<{ id: string; report_id: string }>(
      `select id, report_id from report_attachment order by time_created desc limit 1`,
    );
    const file = files[0];
    if (!file) throw new Error('no attachment row');
    expect((await download(file.report_id, file.id)).status).toBe(200);
  });

  it('re-seals a spooled file in the spool when the data key rotates, and moves the new bytes', async () => {
    proxy.set('stall');
    const sent = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
      files: [{ name: 'tram.jpg', data: PHOTO, type: 'image/jpeg' }],
    });
    expect(sent.status).toBe(201);
    proxy.set('pass');
    const { rows } = await server.database.pool.query<{ full_path: string }>('select full_path from spooled_file');
    const spooledPath = rows[0]?.full_path ?? '';
    const { encryption } = server.services;
    const before = encryption.open((await server.services.fileStore.get(spooledPath)).data);
    const rotated = await rotateDataKey(rotationOf(server));
    expect(rotated).toMatchObject({ outcome: 'retired', retired: [1] });
    // Still in the spool, now under the new key, and no file anywhere under the retired one.
    const { rows: after } = await server.database.pool.query<{ data: Buffer; version: number }>(
      'select data, version from spooled_file where full_path = $1',
      [spooledPath],
    );
    expect(after[0]?.version).toBe(2);
    expect(encryption.keyIdOf(after[0]?.data ?? Buffer.alloc(0))).toBe(2);
    expect(Object.keys(await countFilesByKey(server.services.fileStore, encryption))).toEqual(['2']);
    expect(await server.services.spoolMover.moveDue()).toMatchObject({ moved: 1 });
    const moved = await server.services.fileStore.get(spooledPath);
    expect(encryption.keyIdOf(moved.data)).toBe(2);
    expect(encryption.open(moved.data).equals(before)).toBe(true);
  });

  it('has every instance move spooled files, none twice', async () => {
    proxy.set('stall');
    for (let index = 0; index < 4; index++) {
      const sent = await postReport(server.baseUrl, {
        payload: reportPayload(),
        altcha: await solveAltcha(server.baseUrl),
        files: [{ name: 'tram.jpg', data: PHOTO, type: 'image/jpeg' }],
      });
      expect(sent.status).toBe(201);
    }
    expect(await count(server, 'spooled_file')).toBe(4);
    proxy.set('pass');
    const puts: string[] = [];
    const counting = (): StorageDriver => {
      const driver = createS3Storage(s3.settings);
      return {
        ...driver,
        put: (fullPath, data, options) => {
          puts.push(fullPath);
          return driver.put(fullPath, data, options);
        },
      };
    };
    const movers = [0, 1, 2].map(() =>
      createSpoolMover({ pool: server.database.pool, driver: counting(), logger: createLogger('silent') }),
    );
    const outcomes = await Promise.all(movers.map((mover) => mover.moveDue()));
    expect(outcomes.reduce((sum, outcome) => sum + outcome.moved, 0)).toBe(4);
    expect(puts).toHaveLength(4);
    expect(new Set(puts).size).toBe(4);
    expect(await count(server, 'spooled_file')).toBe(0);
  });

  it('refuses with 503 before writing anything when the spool is full', async () => {
    proxy.set('stall');
    // A spool at its limit (SPOOL_MAX_MB, 1024 here): a stand-in row as large as the whole spool.
    const before = await count(server, 'report');
    await server.database.pool.query(
      `insert into spooled_file (full_path, data, metadata, size)
       values ('reports/stand-in/full.bin', '\\x00', '{}', 1)`,
    );
    await server.database.pool.query(`alter table spooled_file drop constraint spooled_file_size_check`);
    await server.database.pool.query(
      `update spooled_file set size = 1024 * 1024 * 1024 where full_path = 'reports/stand-in/full.bin'`,
    );
    try {
      const sent = await postReport(server.baseUrl, {
        payload: reportPayload(),
        altcha: await solveAltcha(server.baseUrl),
        files: [{ name: 'tram.jpg', data: PHOTO, type: 'image/jpeg' }],
      });
      expect(sent.status).toBe(503);
      expect(sent.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(sent.headers.get('retry-after')).toMatch(/^[0-9]+$/);
      expect(await count(server, 'report')).toBe(before);
      expect(await count(server, 'spooled_file')).toBe(1);
      // A report without files does not need the storage and goes through.
      const plain = await postReport(server.baseUrl, {
        payload: reportPayload(),
        altcha: await solveAltcha(server.baseUrl),
      });
      expect(plain.status).toBe(201);
    } finally {
      await server.database.pool.query(`delete from spooled_file`);
      await server.database.pool.query(
        `alter table spooled_file add constraint spooled_file_size_check check ("size" >= 0 and "size" = octet_length("data"))`,
      );
    }
  });

  it('keeps a report sent twice without JavaScript once, and the second page shows the same receipt', async () => {
    proxy.set('pass');
    const tokenKey = server.services.encryption.deriveKey('form-tokens');
    const token = () => {
      const body = `${Math.floor(Date.now() / 1000 - 60).toString(36)}.${randomBytes(16).toString('base64url')}`;
      return `${body}.${createHmac('sha256', tokenKey).update(body).digest('base64url')}`;
    };
    const post = (fields: Record<string, string>, jar = new CookieJar()) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return fetch(`${server.baseUrl}/incident-report`, {
        method: 'POST',
        body,
        headers: {
          Origin: 'null',
          'Sec-Fetch-Site': 'same-origin',
          Cookie: `__Host-form-token=${token()}${jar.header() ? `; ${jar.header()}` : ''}`,
        },
      });
    };
    // The first step's answer carries the submission key as a hidden field.
    const step = await post({ step: '0', intent: 'next', anonymous: 'on' });
    const html = await step.text();
    const key = /name="submissionKey" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const before = await count(server, 'report');
    const last = {
      step: '2',
      intent: 'send',
      anonymous: 'on',
      ...PLAIN_INCIDENT,
      ...PLAIN_NO_ANSWERS,
      sharingConsent: 'no',
      termsAccepted: 'on',
      submissionKey: key,
    };
    const receiptOf = (page: string) =>
      /class="receipt-card__code"[^>]*>(.*?)<\/p>/s
        .exec(page)?.[1]
        ?.replace(/<[^>]+>/g, '')
        .trim();
    const first = await post(last);
    expect(first.status).toBe(200);
    const firstReceipt = receiptOf(await first.text());
    expect(firstReceipt).toBeTruthy();
    // Sent again (the answer lost, the page reloaded): the form token was spent, yet the answer is the first.
    const again = await post(last);
    expect(again.status).toBe(200);
    expect(receiptOf(await again.text())).toBe(firstReceipt);
    expect(await count(server, 'report')).toBe((before ?? 0) + 1);
  });
});
