import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../test/s3-site.ts';
import { createS3Storage, DEFAULT_RETRY_POLICY, type RetryPolicy, type S3Settings } from './s3-storage.ts';
import { describeStorageDriver } from './storage-contract.ts';

let s3: LocalS3;
let settings: S3Settings;

beforeAll(async () => {
  s3 = await startLocalS3();
  settings = s3.settings;
});
afterAll(async () => {
  await s3?.close();
});

let prefix = 0;
describeStorageDriver('S3 storage (s3rver)', () => {
  // Each test works under its own top folder of the shared bucket.
  const driver = createS3Storage(settings);
  const root = `run${prefix++}/`;
  const scoped = {
    ...driver,
    put: (fullPath: string, data: Buffer, options: Parameters<typeof driver.put>[2]) =>
      driver
        .put(`${root}${fullPath}`, data, options)
        .then((metadata) => ({ ...metadata, fullPath, name: fullPath.split('/').pop() ?? '' })),
    get: (fullPath: string) => driver.get(`${root}${fullPath}`),
    delete: (fullPath: string) => driver.delete(`${root}${fullPath}`),
    list: async (listPrefix: string) =>
      (await driver.list(`${root}${listPrefix}`)).map((key) => key.slice(root.length)),
  };
  return {
    driver: scoped,
    readRaw: (fullPath) => s3.readRaw(`${root}${fullPath}`),
    corrupt: async (fullPath) => {
      const { data, metadata } = await s3.readRawObject(`${root}${fullPath}`);
      data[10] = (data[10] ?? 0) ^ 0xff;
      await driver.client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: `${root}${fullPath}`, Body: data, Metadata: metadata }),
      );
    },
  };
});

/** A policy that does not wait: it records each pause, and its clock moves by the pauses. */
function fastPolicy(): RetryPolicy & { pauses: number[] } {
  let now = 0;
  const pauses: number[] = [];
  return {
    ...DEFAULT_RETRY_POLICY,
    pauses,
    random: () => 0.5,
    now: () => now,
    sleep: async (ms) => {
      pauses.push(ms);
      now += ms;
    },
  };
}

/** Answers the next `count` requests with this HTTP status, before they reach the server. */
function injectFailures(client: S3Client, count: number, status: number, name = 'ServiceUnavailable') {
  let left = count;
  client.middlewareStack.add(
    (next) => async (args) => {
      if (left > 0) {
        left -= 1;
        throw Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
      }
      return next(args);
    },
    { step: 'finalizeRequest', name: `inject-${status}-${Math.random()}` },
  );
}

describe('S3 storage failures', () => {
  it('retries 5xx, 408 and 429 with doubling pauses plus jitter, then succeeds', async () => {
    const policy = fastPolicy();
    const storage = createS3Storage(settings, policy);
    injectFailures(storage.client, 2, 503);
    injectFailures(storage.client, 1, 429, 'SlowDown');
    injectFailures(storage.client, 1, 408, 'RequestTimeout');
    const metadata = await storage.put('retry/ok.bin', Buffer.from('after four failures'), {
      contentType: 'image/png',
    });
    expect(metadata.size).toBe(19);
    expect(policy.pauses).toEqual([1_500, 2_500, 4_500, 8_500]);
    expect((await storage.get('retry/ok.bin')).data.toString()).toBe('after four failures');
  });

  it('gives up with retry-limit-exceeded after 2 minutes for an operation and 10 for an upload, pauses capped at 64 s', async () => {
    const read = fastPolicy();
    const reader = createS3Storage(settings, read);
    injectFailures(reader.client, 1000, 500, 'InternalError');
    await expect(reader.get('retry/ok.bin')).rejects.toMatchObject({ code: 'retry-limit-exceeded' });
    expect(read.pauses.reduce((sum, pause) => sum + pause, 0)).toBeLessThanOrEqual(120_000);
    const upload = fastPolicy();
    const writer = createS3Storage(settings, upload);
    injectFailures(writer.client, 1000, 502, 'BadGateway');
    await expect(writer.put('retry/never.bin', Buffer.from('x'), { contentType: 'image/png' })).rejects.toMatchObject({
      code: 'retry-limit-exceeded',
    });
    const total = upload.pauses.reduce((sum, pause) => sum + pause, 0);
    expect(total).toBeGreaterThan(120_000);
    expect(total).toBeLessThanOrEqual(600_000);
    expect(Math.max(...upload.pauses)).toBe(64_500);
  });

  it('maps 401, 402, 403 and 404 to the spec codes at once, without retrying', async () => {
    for (const [status, name, code] of [
      [401, 'Unauthorized', 'unauthenticated'],
      [402, 'PaymentRequired', 'quota-exceeded'],
      [403, 'AccessDenied', 'unauthorized'],
      [404, 'NoSuchKey', 'object-not-found'],
    ] as const) {
      const policy = fastPolicy();
      const storage = createS3Storage(settings, policy);
      injectFailures(storage.client, 1, status, name);
      await expect(storage.get('retry/ok.bin')).rejects.toMatchObject({ code });
      expect(policy.pauses).toEqual([]);
    }
    const missingBucket = createS3Storage({ ...settings, bucket: 'no-such-bucket' }, fastPolicy());
    await expect(missingBucket.get('x.jpg')).rejects.toMatchObject({ code: 'bucket-not-found' });
    // An unknown access key (s3rver does not check SigV4 signatures, so a wrong secret is not tested).
    const unknownKey = createS3Storage({ ...settings, accessKeyId: 'NOBODY' }, fastPolicy());
    await expect(unknownKey.get('retry/ok.bin')).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});

// A whole site, a report, a staff sign-in (scrypt at OWASP strength) and s3rver: room for a busy machine.
describe('the site with STORAGE_DRIVER=s3', { timeout: 90_000 }, () => {
  it('keeps a report photo in the bucket, sealed, and hands it to staff', async () => {
    const { startTestServer } = await import('../test/test-server.ts');
    const { postReport, reportPayload, solveAltcha } = await import('../test/submission-helpers.ts');
    const { signedInSession } = await import('../test/staff-helpers.ts');
    const site = await startTestServer(s3.env);
    try {
      const photo = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));
      const sent = await postReport(site.baseUrl, {
        payload: reportPayload(),
        altcha: await solveAltcha(site.baseUrl),
        files: [{ name: 'tram.jpg', data: photo, type: 'image/jpeg' }],
      });
      expect(sent.status).toBe(201);
      const { rows } = await site.database.pool.query('select report_id, id, full_path from report_attachment');
      const [file] = rows;
      const raw = await s3.readRaw(file.full_path);
      // Sealed: no JPEG signature, no EXIF, nothing of the picture in clear.
      expect(raw.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      expect(raw.includes(Buffer.from('Exif'))).toBe(false);
      const coordinator = await signedInSession(site, 'coordinator');
      const download = await fetch(`${site.baseUrl}/api/internal/reports/${file.report_id}/attachments/${file.id}`, {
        headers: { cookie: coordinator.jar.header() },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/jpeg');
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 3)
          .equals(Buffer.from([0xff, 0xd8, 0xff])),
      ).toBe(true);
    } finally {
      await site.close();
    }
  });
});
