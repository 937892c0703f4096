import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dumpDatabase, postReport, reportPayload, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import type { TestServer } from '../test/test-server.ts';
import { useTestServer } from '../test/use-test-server.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));

async function count(server: TestServer, table: string): Promise<number> {
  const result = await server.database.pool.query(`select count(*)::int as n from ${table}`);
  return result.rows[0].n;
}

function filesUnder(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('POST /api/reports', () => {
  const server = useTestServer({ REPORTS_PER_HOUR_PER_IP: '1000' });

  it('stores a complete report with a photo: upright, without metadata, sealed on disk and in the database', async () => {
    const response = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
      files: [{ name: 'IMG_2041.jpg', data: PHOTO, type: 'image/jpeg' }],
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ ok: true, receipt: expect.stringMatching(/^\d{16}$/) });

    const { rows } = await server.database.pool.query('select *, incident_date::text as incident_date from report');
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      is_anonymous: false,
      incident_type: 'verbal',
      called_police: true,
      incident_date: '2026-11-01',
    });
    const personal = JSON.parse(server.services.encryption.openText(row.personal_data));
    expect(personal).toEqual({
      firstName: SEEDED.firstName,
      lastName: SEEDED.lastName,
      phone: SEEDED.phone,
      email: SEEDED.email,
      address: SEEDED.address,
    });
    expect(server.services.encryption.openText(row.description)).toBe(SEEDED.description);
    // A report that arrives alone is an incident of its own, of its date and type (decision 0037).
    const incidents = await server.database.pool.query(
      'select incident_date::text as incident_date, incident_type, counts from incident where id = $1',
      [row.incident_id],
    );
    expect(incidents.rows).toEqual([{ incident_date: '2026-11-01', incident_type: 'verbal', counts: false }]);

    const [attachment] = (await server.database.pool.query('select * from report_attachment')).rows;
    expect(attachment).toMatchObject({ bucket: 'attachments', content_type: 'image/jpeg', metageneration: 1 });
    expect(attachment.full_path).toMatch(new RegExp(`^reports/${row.id}/[0-9a-f-]{36}\\.jpg$`));
    const { data } = await server.services.storage.get(attachment.full_path);
    const stored = await sharp(data).metadata();
    expect([stored.width, stored.height, stored.orientation, stored.exif]).toEqual([30, 60, undefined, undefined]);
    expect(server.services.encryption.openText(attachment.original_name)).toBe('IMG_2041.jpg');
  });

  it('leaves no plaintext personal data or photo bytes in a dump of the database or in the file store', async () => {
    const dump = await dumpDatabase(server);
    expect(dump).toContain('verbal'); // the dump is real: it has the report's plain fields
    for (const secret of Object.values(SEEDED)) expect(dump).not.toContain(secret);
    expect(dump).not.toContain('IMG_2041');

    const files = filesUnder(path.join(server.dataDir, 'storage'));
    expect(files.length).toBeGreaterThan(0);
    const photoSlice = PHOTO.subarray(PHOTO.length - 200, PHOTO.length - 100);
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      expect(bytes.includes(photoSlice)).toBe(false);
      expect(bytes.includes(Buffer.from('Sara Cohen'))).toBe(false);
      expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false); // not a JPEG in clear
      for (const secret of Object.values(SEEDED)) expect(bytes.includes(Buffer.from(secret))).toBe(false);
    }
  });

  it('stores an anonymous report with no personal data at all', async () => {
    const payload = reportPayload({ anonymous: true, firstName: '', lastName: '', phone: '', email: '', address: '' });
    const response = await postReport(server.baseUrl, { payload, altcha: await solveAltcha(server.baseUrl) });
    expect(response.status).toBe(201);
    const { rows } = await server.database.pool.query('select personal_data from report where is_anonymous');
    expect(rows).toEqual([{ personal_data: null }]);
  });

  it.each([
    ['personal data on an anonymous report', { anonymous: true }, { firstName: 'notAllowedWhenAnonymous' }],
    ['a future date', { date: '2999-01-01' }, { date: 'futureDate' }],
    ['a bad phone number', { phone: '12345' }, { phone: 'invalidPhone' }],
    ['a bad email address', { email: 'rivka@' }, { email: 'invalidEmail' }],
    ['a text that is too long', { location: 'x'.repeat(301) }, { location: 'tooLong' }],
    ['a wrong type of value', { anonymous: 'no' }, { anonymous: 'required' }],
    ['an unknown field', { role: 'admin' }, { role: 'unknownField' }],
  ])('refuses %s with the field code and stores nothing', async (_label, change, fields) => {
    const before = await count(server, 'report');
    const response = await postReport(server.baseUrl, {
      payload: reportPayload(change),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.fields).toMatchObject(fields);
    expect(await count(server, 'report')).toBe(before);
  });

  it.each([
    ['not JSON', '{"language":', 'INVALID_PAYLOAD'],
    ['deeply nested JSON', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'VALIDATION_FAILED'],
    ['huge JSON', JSON.stringify({ description: 'x'.repeat(200_000) }), 'INVALID_PAYLOAD'],
  ])('answers %s with 400 and stores nothing', async (_label, payload, code) => {
    const before = await count(server, 'report');
    const response = await postReport(server.baseUrl, { altcha: await solveAltcha(server.baseUrl), raw: { payload } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    expect(await count(server, 'report')).toBe(before);
  });

  it.each([
    [
      'an HTML page named .jpg',
      'photo.jpg',
      Buffer.from('<html><body><script>alert(1)</script></body></html>'),
      415,
      'UNSUPPORTED_FILE_TYPE',
    ],
    [
      'an SVG named .jpg',
      'photo.jpg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      415,
      'UNSUPPORTED_FILE_TYPE',
    ],
    ['a JPEG named .pdf', 'letter.pdf', PHOTO, 415, 'FILE_TYPE_MISMATCH'],
    ['a file over 10 MB', 'big.jpg', Buffer.concat([PHOTO, Buffer.alloc(10 * 1024 * 1024)]), 413, 'FILE_TOO_LARGE'],
  ])('refuses %s and stores neither the report nor any file', async (_label, name, data, status, code) => {
    const before = await count(server, 'report');
    const filesBefore = filesUnder(path.join(server.dataDir, 'storage')).length;
    const response = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
      files: [{ name, data }],
    });
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
    expect(await count(server, 'report')).toBe(before);
    expect(filesUnder(path.join(server.dataDir, 'storage')).length).toBe(filesBefore);
  });

  it('refuses a sixth file', async () => {
    const files = Array.from({ length: 6 }, (_, index) => ({ name: `p${index}.jpg`, data: PHOTO }));
    const response = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
      files,
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('TOO_MANY_FILES');
  });

  it('refuses a body announced as too large before reading it', async () => {
    const response = await fetch(`${server.baseUrl}/api/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(100 * 1024 * 1024) },
      body: '--x--',
    }).catch((error: Error) => error);
    // Node's fetch may see the connection close before it finishes sending the (short) body.
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expect((await response.json()).error.code).toBe('BODY_TOO_LARGE');
    } else {
      expect(response.message).toMatch(/fetch failed|other side closed|socket/i);
    }
  });

  it('refuses a missing, forged and replayed ALTCHA solution', async () => {
    const before = await count(server, 'report');
    expect((await postReport(server.baseUrl, { payload: reportPayload() })).body.error.code).toBe('ALTCHA_FAILED');
    const forged = Buffer.from(JSON.stringify({ challenge: { parameters: {} }, solution: { counter: 1 } })).toString(
      'base64',
    );
    expect((await postReport(server.baseUrl, { payload: reportPayload(), altcha: forged })).body.error.code).toBe(
      'ALTCHA_FAILED',
    );
    const solution = await solveAltcha(server.baseUrl);
    expect((await postReport(server.baseUrl, { payload: reportPayload(), altcha: solution })).status).toBe(201);
    const replay = await postReport(server.baseUrl, { payload: reportPayload(), altcha: solution });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('ALTCHA_FAILED');
    expect(await count(server, 'report')).toBe(before + 1);
  });

  it('quarantines a report whose honeypot is filled, answering as if all were well', async () => {
    const response = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
      website: 'http://spam.example',
    });
    expect(response.status).toBe(201);
    const { rows } = await server.database.pool.query('select count(*)::int as n from report where is_quarantined');
    expect(rows[0].n).toBe(1);
  });

  it('answers with no-store and the security headers', async () => {
    const response = await fetch(`${server.baseUrl}/api/altcha/challenge`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const policy = response.headers.get('content-security-policy') ?? '';
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(policy).toContain(directive);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  });
});

describe('submission limits', () => {
  const server = useTestServer({ TRUST_PROXY: 'loopback', SUBMISSIONS_PER_HOUR: '8' });

  const anonymous = () =>
    reportPayload({ anonymous: true, firstName: '', lastName: '', phone: '', email: '', address: '' });

  it('gives the 6th report in an hour from one address 429 with Retry-After, and keeps no address', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.7' };
    for (let index = 0; index < 5; index += 1) {
      const response = await postReport(
        server.baseUrl,
        { payload: anonymous(), altcha: await solveAltcha(server.baseUrl) },
        from,
      );
      expect(response.status).toBe(201);
    }
    const sixth = await postReport(
      server.baseUrl,
      { payload: anonymous(), altcha: await solveAltcha(server.baseUrl) },
      from,
    );
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);

    const keys = await server.database.pool.query('select key from rate_limit');
    expect(keys.rows.map((row) => row.key).join(' ')).not.toContain('198.51.100.7');
  });

  it('counts another address apart, and past the global ceiling quarantines instead of refusing everyone', async () => {
    const other = { 'X-Forwarded-For': '203.0.113.9' };
    const ok = await postReport(
      server.baseUrl,
      { payload: anonymous(), altcha: await solveAltcha(server.baseUrl) },
      other,
    );
    expect(ok.status).toBe(201);
    // 5 + 1 accepted, 1 refused: the global ceiling of 8 leaves two more for anyone, then none.
    for (const address of ['203.0.113.10', '203.0.113.11']) {
      const response = await postReport(
        server.baseUrl,
        { payload: anonymous(), altcha: await solveAltcha(server.baseUrl) },
        { 'X-Forwarded-For': address },
      );
      expect(response.status).toBe(201);
    }
    const quarantined = async () =>
      (await server.database.pool.query('select count(*)::int as n from report where is_quarantined')).rows[0].n;
    const before = await quarantined();
    // The challenge is harder from now on (the counter a browser must find, four times as far).
    const past = await postReport(
      server.baseUrl,
      { payload: anonymous(), altcha: await solveAltcha(server.baseUrl) },
      { 'X-Forwarded-For': '203.0.113.12' },
    );
    expect(past.status).toBe(201);
    expect(past.body.receipt).toMatch(/^\d{16}$/);
    expect(await quarantined()).toBe(before + 1);
    // While the ceiling is passed, each challenge asks four times the work: the counter a browser
    // must find is drawn from 20,000–60,000 instead of 5,000–15,000.
    const payload = JSON.parse(Buffer.from(await solveAltcha(server.baseUrl), 'base64').toString('utf8'));
    expect(payload.solution.counter).toBeGreaterThanOrEqual(20_000);
  }, 120_000);
});

describe('forged X-Forwarded-For without a trusted proxy', () => {
  const server = useTestServer({ MESSAGES_PER_HOUR_PER_IP: '2' });

  it('buys no fresh limit: the real address is counted', async () => {
    const send = async (forged: string) => {
      const response = await fetch(`${server.baseUrl}/api/contact-messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forged },
        body: JSON.stringify({
          altcha: await solveAltcha(server.baseUrl),
          message: {
            language: 'en',
            firstName: 'Dan',
            lastName: '',
            email: 'dan@example.org',
            phone: '',
            message: 'Hello',
          },
        }),
      });
      return response.status;
    };
    expect([await send('10.0.0.1'), await send('10.0.0.2'), await send('10.0.0.3')]).toEqual([201, 201, 429]);
  });
});

describe('a submission while the instance shuts down', () => {
  const server = useTestServer();

  it('is refused with 503 and Retry-After before anything is written', async () => {
    server.readiness.draining = true;
    const response = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
    });
    server.readiness.draining = false;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
    const { rows } = await server.database.pool.query('select count(*)::int as n from report');
    expect(rows[0].n).toBe(0);
    // Once the instance takes traffic again, the same report goes through.
    const again = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(again.status).toBe(201);
  });
});
