import fs from 'node:fs';
import path from 'node:path';
import { formatReceipt } from '@app/core/forms/follow-up';
import { resources } from '@app/locales/resources';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFollowUp, sendFollowUpReply } from '../test/follow-up-helpers.ts';
import { CookieJar, postForm, signedInSession } from '../test/staff-helpers.ts';
import { dumpDatabase, postReport, reportPayload, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));
const WRONG_RECEIPTS_ALLOWED = 3;
const nl = resources.nl.forms.followUp;

/** Each test speaks from its own client address (the server trusts X-Forwarded-For from loopback). */
let nextAddress = 10;
const newAddress = () => `198.51.100.${nextAddress++}`;

async function openWith(server: TestServer, receipt: string, address: string, jar = new CookieJar()) {
  const response = await openFollowUp(server.baseUrl, receipt, jar, { 'x-forwarded-for': address });
  return { response, body: (await response.json()) as { ok?: boolean; error?: { code: string; fields?: object } } };
}

async function followUpPage(server: TestServer, jar: CookieJar, path = '/nl/follow-up') {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: jar.header() } });
  jar.update(response);
  const html = await response.text();
  // What the page shows (its data also carries every text of the page's forms, translated).
  const main = new JSDOM(html).window.document.querySelector('main')?.textContent ?? '';
  return { response, html, main };
}

async function sendReply(
  server: TestServer,
  jar: CookieJar,
  message: unknown,
  files: { name: string; data: Buffer }[] = [],
) {
  const response = await sendFollowUpReply(server.baseUrl, jar, message, files, { 'x-forwarded-for': newAddress() });
  return { status: response.status, body: (await response.json()) as { error?: { code: string; fields?: object } } };
}

async function newReport(server: TestServer, overrides: Record<string, unknown> = {}) {
  const sent = await postReport(server.baseUrl, {
    payload: reportPayload(overrides),
    altcha: await solveAltcha(server.baseUrl),
  });
  expect(sent.status).toBe(201);
  const receipt = (sent.body as unknown as { receipt: string }).receipt;
  const { rows } = await server.database.pool.query<{ id: string }>(
    'select id from report order by created_at desc limit 1',
  );
  return { receipt, reportId: rows[0]?.id ?? '' };
}

describe('follow-up with a receipt', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      TRUST_PROXY: 'loopback',
      REPORTS_PER_HOUR_PER_IP: '1000',
      WRONG_RECEIPTS_PER_HOUR_PER_IP: String(WRONG_RECEIPTS_ALLOWED),
    });
  });
  afterAll(() => server.close());

  it('gives every report a 16-digit receipt that no database dump contains', async () => {
    const { receipt, reportId } = await newReport(server);
    expect(receipt).toMatch(/^\d{16}$/);
    const dump = await dumpDatabase(server);
    expect(dump).toContain(reportId);
    expect(dump).not.toContain(receipt);
    expect(dump).not.toContain(formatReceipt(receipt));
    const { rows } = await server.database.pool.query('select receipt_hash from report where id = $1', [reportId]);
    expect(rows[0].receipt_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Two reports never share a receipt (a unique hash); receipts look random.
    const other = await newReport(server);
    expect(other.receipt).not.toBe(receipt);
  });

  it('opens the thread with the right receipt, in plain words and without any personal field', async () => {
    const { receipt } = await newReport(server);
    const jar = new CookieJar();
    // Spaces and dashes as people type them are fine.
    const typed = `${receipt.slice(0, 4)} ${receipt.slice(4, 8)}-${receipt.slice(8)}`;
    const { response, body } = await openWith(server, typed, newAddress(), jar);
    expect(response.status).toBe(200);
    expect(body).toEqual({ ok: true });
    const cookie = response.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^__Host-follow-up=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/);

    const page = await followUpPage(server, jar);
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('cache-control')).toBe('no-store');
    expect(page.main).toContain(nl.status.received.label);
    expect(page.main).toContain(nl.acknowledgement);
    const data = await fetch(`${server.baseUrl}/nl/follow-up.data`, { headers: { cookie: jar.header() } });
    const everything = page.html + (await data.text());
    for (const value of Object.values(SEEDED)) expect(everything).not.toContain(value);
    expect(everything).not.toContain(receipt);
  });

  it('answers every wrong receipt the same way, and refuses the address after too many', async () => {
    const { receipt } = await newReport(server);
    const address = newAddress();
    const answers = [];
    for (let attempt = 0; attempt < WRONG_RECEIPTS_ALLOWED; attempt++) {
      const wrong = String(1_000_000_000_000_000 + attempt * 7919);
      const { response, body } = await openWith(server, wrong, address);
      expect(response.headers.getSetCookie()).toEqual([]);
      answers.push({ status: response.status, body });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 400, body: { error: { code: 'RECEIPT_NOT_RECOGNISED' } } });

    // Past the limit, even the right receipt waits: guessing from one address is over.
    const refused = await openWith(server, receipt, address);
    expect(refused.response.status).toBe(429);
    expect(refused.body.error?.code).toBe('RATE_LIMITED');
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected, and a right receipt costs nothing.
    expect((await openWith(server, receipt, newAddress())).response.status).toBe(200);
  });

  it('explains a receipt that cannot be one, and refuses a missing spam check', async () => {
    const format = await openWith(server, '1234 5678', newAddress());
    expect(format.response.status).toBe(400);
    expect(format.body.error).toEqual({ code: 'VALIDATION_FAILED', fields: { receipt: 'invalidReceipt' } });
    const noAltcha = await fetch(`${server.baseUrl}/api/follow-up/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl, 'x-forwarded-for': newAddress() },
      body: JSON.stringify({ receipt: '1234567812345678' }),
    });
    expect(noAltcha.status).toBe(400);
    expect(((await noAltcha.json()) as { error: { code: string } }).error.code).toBe('ALTCHA_FAILED');
    const foreign = await fetch(`${server.baseUrl}/api/follow-up/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'x-forwarded-for': newAddress() },
      body: JSON.stringify({ receipt: '1234567812345678', altcha: await solveAltcha(server.baseUrl) }),
    });
    expect(foreign.status).toBe(403);
  });

  it('carries messages both ways: staff reply, the reporter reads it and answers with a photo, staff see it', async () => {
    const { receipt, reportId } = await newReport(server);
    const coordinator = await signedInSession(server, 'coordinator');
    const reply = await postForm(
      server,
      `/internal/reports/${reportId}`,
      { intent: 'reply', reply: 'Kunt u ons zeggen hoe laat het ongeveer was?' },
      coordinator.jar,
    );
    expect(reply.status).toBe(200);

    const jar = new CookieJar();
    await openWith(server, receipt, newAddress(), jar);
    const first = await followUpPage(server, jar);
    expect(first.main).toContain('Kunt u ons zeggen hoe laat het ongeveer was?');
    expect(first.main).toContain(nl.newMessage);
    expect(first.html).not.toContain(coordinator.staff.name);
    const again = await followUpPage(server, jar);
    expect(again.main).not.toContain(nl.newMessage);

    const before = await server.database.pool.query('select count(*)::int as n from report_message');
    const empty = await sendReply(server, jar, '   ');
    expect(empty).toEqual({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', fields: { message: 'required' } } },
    });
    const after = await server.database.pool.query('select count(*)::int as n from report_message');
    expect(after.rows[0].n).toBe(before.rows[0].n);

    const sent = await sendReply(server, jar, 'Rond kwart over acht.', [{ name: 'tram.jpg', data: PHOTO }]);
    expect(sent.status).toBe(201);
    const page = await followUpPage(server, jar);
    expect(page.main).toContain('Rond kwart over acht.');
    expect(page.main).toContain('tram.jpg');

    const dashboard = await server.services.operationsFor(coordinator.staff).dashboard();
    expect(dashboard.unreadReplies?.reports.map((item) => item.reportId)).toContain(reportId);
    const outbox = await server.database.pool.query(
      "select count(*)::int as n from notification_outbox where kind = 'followUpReply'",
    );
    expect(outbox.rows[0].n).toBeGreaterThanOrEqual(1);

    const detail = await server.services.operationsFor(coordinator.staff).reports.open(reportId);
    const answer = detail?.thread?.messages.find((message) => message.author === 'reporter');
    expect(answer).toMatchObject({ body: 'Rond kwart over acht.', isUnread: true });
    expect(answer?.attachments).toHaveLength(1);
    expect(detail?.attachments).toHaveLength(0);
    const file = await fetch(
      `${server.baseUrl}/api/internal/reports/${reportId}/attachments/${answer?.attachments[0]?.id}`,
      {
        headers: { cookie: coordinator.jar.header() },
      },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');

    // Opening the report reads the thread: it leaves the dashboard.
    const opened = await fetch(`${server.baseUrl}/internal/reports/${reportId}`, {
      headers: { cookie: coordinator.jar.header() },
    });
    expect(opened.status).toBe(200);
    const later = await server.services.operationsFor(coordinator.staff).dashboard();
    expect(later.unreadReplies?.reports.map((item) => item.reportId) ?? []).not.toContain(reportId);

    // The reporter's message and its file name are sealed in the database.
    const dump = await dumpDatabase(server);
    expect(dump).not.toContain('Rond kwart over acht.');
    expect(dump).not.toContain('tram.jpg');
  });

  it('lets only staff who may read reports see or write the thread', async () => {
    const { reportId } = await newReport(server);
    const viewer = await signedInSession(server, 'viewer');
    const page = await fetch(`${server.baseUrl}/internal/reports/${reportId}`, {
      headers: { cookie: viewer.jar.header() },
    });
    expect(page.status).toBe(403);
    const reply = await postForm(
      server,
      `/internal/reports/${reportId}`,
      { intent: 'reply', reply: 'Hallo' },
      viewer.jar,
    );
    expect(reply.status).toBe(403);
    const anonymous = await postForm(server, `/internal/reports/${reportId}`, { intent: 'reply', reply: 'Hallo' });
    expect(anonymous.status).toBe(302);
    const { rows } = await server.database.pool.query(
      "select count(*)::int as n from report_message where report_id = $1 and author = 'staff'",
      [reportId],
    );
    expect(rows[0].n).toBe(0);
    // Without a session, the reporter's API writes nothing either.
    expect((await sendReply(server, new CookieJar(), 'Hallo')).status).toBe(401);
  });

  it('ends a session after 20 idle minutes, and on "close"', async () => {
    const { receipt, reportId } = await newReport(server);
    const jar = new CookieJar();
    await openWith(server, receipt, newAddress(), jar);
    await server.database.pool.query(
      "update follow_up_session set last_active_at = now() - interval '21 minutes' where report_id = $1",
      [reportId],
    );
    const ended = await followUpPage(server, jar);
    expect(ended.main).toContain(nl.ended);
    expect(ended.main).not.toContain(nl.acknowledgement);
    // The session cookie is gone (the page's form token, decision 0021, may stay).
    expect(jar.header()).not.toMatch(/follow-up=/);
    expect((await sendReply(server, jar, 'Nog iets')).body.error?.code).toBe('SESSION_ENDED');

    const second = new CookieJar();
    await openWith(server, receipt, newAddress(), second);
    // Active use keeps it open: 19 minutes idle is still fine, and renews the clock.
    await server.database.pool.query(
      "update follow_up_session set last_active_at = now() - interval '19 minutes' where report_id = $1",
      [reportId],
    );
    expect((await followUpPage(server, second)).main).toContain(nl.acknowledgement);
    // The close form is a plain form: under no-referrer, the browser sends `Origin: null` and
    // tells where it came from with Sec-Fetch-Site.
    const closeFrom = (site: string) =>
      fetch(`${server.baseUrl}/api/follow-up/close`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: 'null',
          'sec-fetch-site': site,
          'content-type': 'application/x-www-form-urlencoded',
          cookie: second.header(),
        },
        body: 'language=nl',
      });
    expect((await closeFrom('cross-site')).status).toBe(403);
    const closed = await closeFrom('same-origin');
    second.update(closed);
    expect(closed.status).toBe(303);
    expect(closed.headers.get('location')).toBe('/nl/follow-up?closed=1');
    expect(second.header()).not.toMatch(/follow-up=/);
    const { rows } = await server.database.pool.query(
      'select count(*)::int as n from follow_up_session where report_id = $1',
      [reportId],
    );
    expect(rows[0].n).toBe(0);
  });
});
