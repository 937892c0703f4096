import { randomBytes } from 'node:crypto';
import http from 'node:http';
import en from '@app/locales/en/forms.json' with { type: 'json' };
import he from '@app/locales/he/forms.json' with { type: 'json' };
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLAIN_IDENTITY,
  PLAIN_INCIDENT,
  PLAIN_LAST_STEP,
  postReport,
  reportPayload,
  solveAltcha,
} from '../test/submission-helpers.ts';
import { formTokenAged, startTestServer, type TestServer } from '../test/test-server.ts';
import { useTestServer } from '../test/use-test-server.ts';
import { SUBMISSION_STAGES, startSubmission } from './submission-pipeline.ts';

/**
 * Security review 2026-11-26, findings 1 and 2, performed: expensive work (decoding images) comes
 * only after every cheap check (size, a form token or proof of work spent once, the rate limit,
 * the session), runs in a bounded queue, and no body is read whole before a limit.
 */
const COOKIE = '__Host-form-token';

/** The last step of the report form without JavaScript, with its files. */
function lastStep(files: { name: string; data: Buffer }[], extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    ...PLAIN_LAST_STEP,
    ...PLAIN_IDENTITY,
    ...PLAIN_INCIDENT,
    ...extra,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('attachments', new Blob([new Uint8Array(file.data)]), file.name);
  return form;
}

/** A browser's plain form post from one of our pages (under no-referrer its Origin is "null"). */
function postPlain(server: TestServer, path: string, body: FormData | URLSearchParams | string, token?: string) {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    body,
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', ...(token ? { Cookie: `${COOKIE}=${token}` } : {}) },
  });
}

async function reports(server: TestServer): Promise<number> {
  return (await server.database.pool.query('select count(*)::int as n from report')).rows[0].n;
}

describe('cheap checks before expensive work (finding 1)', () => {
  let server: TestServer;
  /** A few hundred bytes that decode to 7000 × 7000 pixels of one colour (about 150 MB). */
  let flatImage: Buffer;
  beforeAll(async () => {
    server = await startTestServer({ FILE_WORK_CONCURRENCY: '1', FILE_WORK_QUEUE: '0' });
    flatImage = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#7a7a7a' } })
      .webp({ lossless: true })
      .toBuffer();
  }, 120_000);
  afterAll(() => server.close());

  it('decodes nothing for a spent form token replayed with huge flat images', async () => {
    expect(flatImage.length).toBeLessThan(20_000);
    const token = formTokenAged(server, 30);
    const first = await postPlain(server, '/incident-report', lastStep([]), token);
    expect(first.status).toBe(200);
    expect(await reports(server)).toBe(1);
    const decodedBefore = server.services.fileWork.started;
    // The same cookie, replayed in parallel with five huge images each: every one refused as
    // expired, before any image is decoded.
    const files = Array.from({ length: 5 }, (_, index) => ({ name: `flat-${index}.webp`, data: flatImage }));
    const replays = await Promise.all(
      Array.from({ length: 6 }, () =>
        postPlain(
          server,
          '/incident-report',
          lastStep(files, { submissionKey: randomBytes(18).toString('base64url') }),
          token,
        ),
      ),
    );
    for (const replay of replays) {
      expect(replay.status).toBe(400);
      expect(await replay.text()).toContain(en.forms.errors.FORM_EXPIRED);
    }
    expect(server.services.fileWork.started).toBe(decodedBefore);
    expect(await reports(server)).toBe(1);
  });

  it('decodes nothing for a reply without a follow-up session', async () => {
    const before = server.services.fileWork.started;
    const form = new FormData();
    form.set('payload', JSON.stringify({ message: 'A reply with no session.' }));
    form.append('attachments', new Blob([new Uint8Array(flatImage)]), 'flat.webp');
    const response = await fetch(`${server.baseUrl}/api/follow-up/messages`, {
      method: 'POST',
      headers: { origin: server.baseUrl },
      body: form,
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('SESSION_ENDED');
    expect(server.services.fileWork.started).toBe(before);
  });

  it('answers 503 with Retry-After while the file queue is full, and takes the report once there is room', async () => {
    let release: () => void = () => undefined;
    const held = server.services.fileWork.run(() => new Promise<void>((resolve) => (release = resolve)));
    const photo = { name: 'flat.webp', data: flatImage, type: 'image/webp' };
    const busy = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
      files: [photo],
    });
    expect(busy.status).toBe(503);
    expect(busy.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    release();
    await held;
    const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    const later = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
      files: [{ name: 'photo.webp', data: small, type: 'image/webp' }],
    });
    expect(later.status).toBe(201);
  });

  it('lets no stage run before the cheap ones it needs', async () => {
    expect(SUBMISSION_STAGES).toEqual(['size', 'validate', 'anti-abuse', 'session', 'rate-limit', 'files', 'store']);
    const fakeRequest = { get: () => undefined, ip: '192.0.2.1', resume: () => undefined } as never;
    const fakeResponse = { append: () => undefined } as never;
    const submission = startSubmission(server.services, fakeRequest, fakeResponse, 'report');
    await expect(submission.files()).rejects.toThrow(/files stage of a submission ran before its size stage/);
    await submission.size(async () => ({}));
    await submission.validate(() => true);
    await expect(submission.rateLimit()).rejects.toThrow(/before its anti-abuse stage/);
    await expect(submission.store(undefined, async () => 'stored')).rejects.toThrow(/before its anti-abuse stage/);
  });
});

/** A POST whose body streams in without a declared length (chunked), as an attacker may send it. */
function postChunked(
  server: TestServer,
  path: string,
  headers: Record<string, string>,
  chunks: number,
  chunk: Buffer,
): Promise<{ status: number; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.baseUrl);
    const request = http.request(url, { method: 'POST', headers: { ...headers, 'Transfer-Encoding': 'chunked' } });
    let sentBytes = 0;
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, sentBytes });
      request.destroy();
    });
    request.on('error', (error) => {
      // The server may close the connection once it has answered: that is the point.
      if (sentBytes > 0) return;
      reject(error);
    });
    const writeMore = (left: number) => {
      if (left === 0 || request.destroyed) return request.end();
      sentBytes += chunk.length;
      if (request.write(chunk)) setImmediate(() => writeMore(left - 1));
      else request.once('drain', () => writeMore(left - 1));
    };
    writeMore(chunks);
  });
}

describe('no body read whole before a limit (finding 2)', () => {
  const server = useTestServer({ REPORTS_PER_HOUR_PER_IP: '2' }, 120_000);

  const pageForm = { Origin: 'https://example.test', 'Content-Type': 'application/x-www-form-urlencoded' };

  it('refuses a large form on the sign-in and language pages with 413, by its length or as it streams', async () => {
    for (const path of ['/internal/login', '/internal/login/code', '/internal/set-password', '/internal/language']) {
      const declared = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: pageForm,
        body: `email=${'a'.repeat(200_000)}`,
      });
      expect(declared.status, path).toBe(413);
      // 8 MB streamed without a length: refused once past the cap, long before the end.
      const streamed = await postChunked(server, path, pageForm, 128, Buffer.alloc(64 * 1024, 'a'));
      expect(streamed.status, path).toBe(413);
    }
    // An ordinary sign-in form still reaches its page (a wrong password, said in words).
    const honest = await fetch(`${server.baseUrl}/internal/login`, {
      method: 'POST',
      headers: pageForm,
      body: new URLSearchParams({ email: 'nobody@example.org', password: 'not the password at all' }),
      redirect: 'manual',
    });
    expect(honest.status).toBeLessThan(500);
    expect(honest.status).not.toBe(413);
  });

  it('keeps no file bytes on a step of the report form that takes no files', async () => {
    const form = new FormData();
    form.append('step', '0');
    form.append('intent', 'next');
    form.append('attachments', new Blob([new Uint8Array(512 * 1024)]), 'large.pdf');
    const response = await postPlain(server, '/incident-report', form);
    expect(response.status).toBe(413);
    // A file input left empty on an early step, as browsers send it, is fine.
    const empty = new FormData();
    empty.append('step', '0');
    empty.append('intent', 'next');
    empty.append('firstName', 'Sarah');
    empty.append('attachments', new Blob([]), '');
    expect((await postPlain(server, '/incident-report', empty)).status).toBe(400);
  });

  it('drains a repeat of a kept report without keeping it, and counts it against the limit', async () => {
    const key = randomBytes(18).toString('base64url');
    const headers = { 'Idempotency-Key': key };
    const first = await postReport(
      server.baseUrl,
      { payload: reportPayload(), altcha: await solveAltcha(server.baseUrl) },
      headers,
    );
    expect(first.status).toBe(201);
    const again = await postReport(server.baseUrl, { payload: reportPayload() }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // Two an hour from this address: the repeat took the second; the next try is refused.
    const third = await postReport(server.baseUrl, { payload: reportPayload() }, headers);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('a flood of posts without JavaScript (finding 1)', () => {
  const server = useTestServer({ PLAIN_FORM_POSTS_PER_10_MINUTES_PER_IP: '10', TRUST_PROXY: 'loopback' }, 120_000);

  it('gets a short page in its language past the limit of posts, before its body is read or a form rendered', async () => {
    const from = (address: string, path: string, body: FormData) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        body,
        headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': address },
      });
    const step = () => {
      const form = new FormData();
      form.append('step', '0');
      form.append('intent', 'next');
      return form;
    };
    const statuses: number[] = [];
    for (let index = 0; index < 10; index++)
      statuses.push((await from('2001:db8:5::1', '/he/incident-report', step())).status);
    expect(statuses.every((status) => status === 400)).toBe(true);
    // The 11th from the same /64, another address in it: refused with a small page in Hebrew.
    const refused = await from('2001:db8:5::99', '/he/incident-report', step());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await refused.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(he.forms.tooManyPosts);
    expect(html.length).toBeLessThan(2_000);
    // Another address is someone else.
    // Another address is someone else: its multipart post to the contact form is read (and refused
    // for its type, 415), not cut short.
    expect((await from('198.51.100.40', '/contact', step())).status).toBe(415);
  });
});

describe('a burst of receipts in parallel (finding 8)', () => {
  const server = useTestServer({ WRONG_RECEIPTS_PER_HOUR_PER_IP: '3' }, 120_000);

  it('cannot pass the limit of tries: each is counted before it is hashed', async () => {
    // Proofs of work solved beforehand, then eight wrong receipts sent at once.
    const proofs = await Promise.all(Array.from({ length: 8 }, () => solveAltcha(server.baseUrl)));
    const answers = await Promise.all(
      proofs.map((altcha, index) =>
        fetch(`${server.baseUrl}/api/follow-up/open`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.baseUrl },
          body: JSON.stringify({ receipt: `12345678901234${String(index).padStart(2, '0')}`, altcha }),
        }).then(async (response) => ((await response.json()) as { error: { code: string } }).error.code),
      ),
    );
    expect(answers.filter((code) => code === 'RECEIPT_NOT_RECOGNISED')).toHaveLength(3);
    expect(answers.filter((code) => code === 'RATE_LIMITED')).toHaveLength(5);
  }, 120_000);
});
