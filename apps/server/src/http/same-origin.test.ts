import { LANGUAGE_COOKIE } from '@app/locales/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFollowUp } from '../test/follow-up-helpers.ts';
import { CookieJar, createStaffMember } from '../test/staff-helpers.ts';
import { contactMessageFrom, postReport, reportPayload, solveAltcha } from '../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * Every state-changing request from another site gets 403 before anything is read or stored, on
 * every path: the public API, the follow-up forms, the staff pages' actions and the public pages
 * (decision 0015). Requests from our own pages still work, including our plain forms, which send
 * `Origin: null` under `Referrer-Policy: no-referrer`.
 */
let server: TestServer;
let receipt: string;
let staffEmail: string;
let staffPassword: string;

type Headers = Record<string, string>;
type Endpoint = {
  /** Sends the request with these origin headers; a refused one must change nothing. */
  send(headers: Headers): Promise<Response>;
  /** What the request would store or change, as a number to compare before and after. */
  state(): Promise<number>;
  /** The answer of an accepted request. */
  accepted: number;
};

const count = async (sql: string, parameters: unknown[] = []) =>
  (await server.database.pool.query<{ n: number }>(sql, parameters)).rows[0]?.n ?? 0;

/** A reporter with an open follow-up session, for the follow-up forms. */
async function openSession(): Promise<CookieJar> {
  const jar = new CookieJar();
  const opened = await openFollowUp(server.baseUrl, receipt, jar);
  expect(opened.status).toBe(200);
  return jar;
}

const contactMessage = contactMessageFrom('nl', { message: 'Een vraag over de werking van het meldpunt.' });

let closedSessions = 0;
let languageCookies = 0;

const ENDPOINTS: Record<string, Endpoint> = {
  'POST /api/reports': {
    send: async (headers) => {
      const form = new FormData();
      form.set('payload', JSON.stringify(reportPayload()));
      form.set('altcha', await solveAltcha(server.baseUrl));
      return fetch(`${server.baseUrl}/api/reports`, { method: 'POST', headers, body: form });
    },
    state: () => count('select count(*)::int as n from report'),
    accepted: 201,
  },
  'POST /api/contact-messages': {
    send: async (headers) =>
      fetch(`${server.baseUrl}/api/contact-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ altcha: await solveAltcha(server.baseUrl), message: contactMessage }),
      }),
    state: () => count('select count(*)::int as n from contact_message'),
    accepted: 201,
  },
  'POST /api/follow-up/open': {
    send: async (headers) =>
      fetch(`${server.baseUrl}/api/follow-up/open`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ receipt, altcha: await solveAltcha(server.baseUrl) }),
      }),
    state: () => count('select count(*)::int as n from follow_up_session'),
    accepted: 200,
  },
  'POST /api/follow-up/messages': {
    send: async (headers) => {
      const jar = await openSession();
      const form = new FormData();
      form.set('payload', JSON.stringify({ message: 'Nog een detail over wat er gebeurde.' }));
      return fetch(`${server.baseUrl}/api/follow-up/messages`, {
        method: 'POST',
        headers: { cookie: jar.header(), ...headers },
        body: form,
      });
    },
    state: () => count("select count(*)::int as n from report_message where author = 'reporter'"),
    accepted: 201,
  },
  'POST /api/follow-up/close': {
    send: async (headers) => {
      const jar = await openSession();
      const before = await count('select count(*)::int as n from follow_up_session');
      const response = await fetch(`${server.baseUrl}/api/follow-up/close`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(), ...headers },
        body: 'language=nl',
      });
      // The session opened for this request is either still there (refused) or gone (accepted).
      closedSessions += before - (await count('select count(*)::int as n from follow_up_session'));
      return response;
    },
    state: async () => closedSessions,
    accepted: 303,
  },
  // The support question's answer (decision 0053), to a question asked afresh for each request.
  'POST /api/follow-up/support-answer': {
    send: async (headers) => {
      const jar = await openSession();
      await server.database.pool.query(
        `with opened as (select report_id from follow_up_session order by created_at desc limit 1)
         insert into support_feedback (report_id, asked_at) select report_id, now() from opened
         on conflict (report_id) do update set rating = null, words = null, answered_at = null`,
      );
      return fetch(`${server.baseUrl}/api/follow-up/support-answer`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(), ...headers },
        body: 'language=nl&rating=3',
      });
    },
    state: () => count("select count(*)::int as n from audit_event where action = 'report.support-answered'"),
    accepted: 303,
  },
  'POST /internal/login': {
    send: (headers) =>
      fetch(`${server.baseUrl}/internal/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ email: staffEmail, password: staffPassword }),
      }),
    state: () => count('select count(*)::int as n from staff_session'),
    accepted: 302,
  },
  'POST /internal/language': {
    send: async (headers) => {
      const response = await fetch(`${server.baseUrl}/internal/language`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ language: 'he', returnTo: '/internal/login' }),
      });
      if (response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${LANGUAGE_COOKIE}=`)))
        languageCookies += 1;
      return response;
    },
    state: async () => languageCookies,
    accepted: 302,
  },
};
const REFUSED: [string, Headers][] = [
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['a foreign Origin that starts like ours', { origin: 'https://example.test.evil.example' }],
  ['Sec-Fetch-Site: cross-site and no Origin', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site (a sibling subdomain) and no Origin', { 'sec-fetch-site': 'same-site' }],
  ['Origin: null without Sec-Fetch-Site', { origin: 'null' }],
  ['Origin: null from another site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
  ['our Origin but Sec-Fetch-Site: cross-site', { origin: 'https://example.test', 'sec-fetch-site': 'cross-site' }],
];

beforeAll(async () => {
  server = await startTestServer({
    TRUST_PROXY: 'loopback',
    REPORTS_PER_HOUR_PER_IP: '1000',
    MESSAGES_PER_HOUR_PER_IP: '1000',
    FOLLOW_UP_MESSAGES_PER_HOUR_PER_IP: '1000',
    SIGN_IN_ATTEMPTS_PER_IP: '1000',
  });
  const sent = await postReport(server.baseUrl, {
    payload: reportPayload(),
    altcha: await solveAltcha(server.baseUrl),
  });
  expect(sent.status).toBe(201);
  receipt = (sent.body as unknown as { receipt: string }).receipt;
  const member = await createStaffMember(server, 'coordinator');
  staffEmail = member.staff.email;
  staffPassword = member.password;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('a state-changing request from another site', () => {
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    it.each(REFUSED)(`${name} with %s: 403 and nothing stored`, async (_case, headers) => {
      const before = await endpoint.state();
      const response = await endpoint.send(headers);
      expect(response.status).toBe(403);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: { code: 'FORBIDDEN' } });
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await endpoint.state()).toBe(before);
    });
  }

  it.each([
    ['POST', '/nl/contact'],
    ['POST', '/'],
    ['POST', '/api/does-not-exist'],
    ['PUT', '/api/reports'],
    ['PATCH', '/api/internal/reports/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/internal/staff/someone'],
  ])('%s %s from a foreign Origin: 403 whatever the path and method', async (method, path) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=anything',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'FORBIDDEN' } });
  });
});

describe('a state-changing request from our own pages', () => {
  const ACCEPTED: [string, (server: TestServer) => Headers][] = [
    ['our Origin (the address it came to)', (site) => ({ origin: site.baseUrl, 'sec-fetch-site': 'same-origin' })],
    ['our Origin (PUBLIC_URL)', () => ({ origin: 'https://example.test' })],
    [
      'Origin: null with Sec-Fetch-Site: same-origin (a plain form under no-referrer)',
      () => ({
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      }),
    ],
    ['neither Origin nor Sec-Fetch-Site (not a browser page)', () => ({})],
  ];

  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    it.each(ACCEPTED)(`${name} with %s is accepted`, async (_case, headers) => {
      const before = await endpoint.state();
      const response = await endpoint.send(headers(server));
      expect(response.status).toBe(endpoint.accepted);
      expect(await endpoint.state()).toBeGreaterThan(before);
    });
  }
});

describe('reading is never refused', () => {
  it('GET and HEAD from a foreign Origin are answered, public pages from the cache', async () => {
    const headers = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const first = await fetch(`${server.baseUrl}/nl/contact`, { headers });
    expect(first.status).toBe(200);
    const again = await fetch(`${server.baseUrl}/nl/contact`, { method: 'HEAD', headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect((await fetch(`${server.baseUrl}/api/altcha/challenge`, { headers })).status).toBe(200);
  });

  it('OPTIONS is not a change', async () => {
    const response = await fetch(`${server.baseUrl}/api/reports`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).not.toBe(403);
  });
});
