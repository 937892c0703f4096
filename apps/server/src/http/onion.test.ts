import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../test/raw-request.ts';
import { postReport, reportPayload, solveAltcha } from '../test/submission-helpers.ts';
import type { TestServer } from '../test/test-server.ts';
import { useTestServer } from '../test/use-test-server.ts';

/**
 * The site reached through its onion service (issue 28, item 4): tor passes the visitors' requests
 * to the site on this machine as they were, with the onion name in Host, over plain HTTP.
 */
const ONION = 'vww6ybal4bd7szmgncyruucpgfkqahzddi37ktceo3ah7ngmcopnpyyd.onion';
const ONION_URL = `http://${ONION}`;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request with the Host header of our choosing, its answer as text. */
async function request(
  server: TestServer,
  method: string,
  path: string,
  { host = ONION, headers = {}, body }: { host?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const answer = await rawRequest(
    server.baseUrl,
    path,
    { host, 'accept-encoding': 'identity', ...headers },
    method,
    body,
  );
  return { ...answer, body: answer.body.toString('utf8') };
}

/** A browser's own POST from a page of the onion site. */
const fromOnionPage = { origin: ONION_URL, 'sec-fetch-site': 'same-origin' };

describe('the site through its onion service', () => {
  const server = useTestServer({ ONION_URL: `${ONION_URL}/`, TRUST_PROXY: 'loopback' });

  it("announces the onion address with Onion-Location to visitors who came by the public name, not to the onion's", async () => {
    const byName = await request(server, 'GET', '/nl/contact?x=1', { host: 'example.test' });
    expect(byName.status).toBe(200);
    expect(byName.headers['onion-location']).toBe(`${ONION_URL}/nl/contact?x=1`);
    expect((await request(server, 'GET', '/api/health', { host: 'example.test' })).headers['onion-location']).toBe(
      `${ONION_URL}/api/health`,
    );
    const byOnion = await request(server, 'GET', '/nl/contact');
    expect(byOnion.status).toBe(200);
    expect(byOnion.headers['onion-location']).toBeUndefined();
  });

  it('serves pages whose links, forms and files stay on the onion: only canonical and alternate links name PUBLIC_URL', async () => {
    for (const path of ['/', '/he/incident-report', '/fr/contact', '/follow-up', '/incidents']) {
      const page = await request(server, 'GET', path);
      expect(page.status, path).toBe(200);
      const absolute = [
        ...page.body.matchAll(/<([a-z]+)\b[^>]*?\b(?:href|src|action|content)="(https?:\/\/[^"]+)"/g),
      ].map(([, tag, url]) => ({ tag, url: url ?? '', element: '' }));
      for (const { tag, url } of absolute) {
        if (url.startsWith('https://example.test')) expect(['link', 'meta'], `${path}: ${tag} ${url}`).toContain(tag);
        else expect(url, path).not.toContain('example.test');
      }
      // The forms post to the page itself, relative: on the onion, to the onion.
      for (const [, action] of page.body.matchAll(/<form\b[^>]*\baction="([^"]*)"/g))
        expect(action, path).toMatch(/^\//);
      expect(page.headers['content-security-policy']).toContain("form-action 'self'");
      expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    }
  });

  it('redirects within the onion: the language door and the staff area answer with paths, not PUBLIC_URL', async () => {
    const door = await request(server, 'GET', '/', { headers: { 'accept-language': 'nl-BE,nl;q=0.9' } });
    expect(door.status).toBe(302);
    expect(door.headers.location).toBe('/nl');
    const staff = await request(server, 'GET', '/internal/dashboard');
    expect([302, 303]).toContain(staff.status);
    expect(staff.headers.location).toMatch(/^\/internal\/login/);
  });

  it("accepts the onion pages' own forms, whether tor passes its Host or a proxy rewrites it, and refuses other sites'", async () => {
    const close = { 'content-type': 'application/x-www-form-urlencoded' };
    const own = await request(server, 'POST', '/api/follow-up/close', {
      headers: { ...close, ...fromOnionPage },
      body: '',
    });
    expect(own.status).toBe(303);
    expect(own.headers.location).toBe('/follow-up?closed=1');
    const rewritten = await request(server, 'POST', '/api/follow-up/close', {
      host: '127.0.0.1',
      headers: { ...close, ...fromOnionPage },
      body: '',
    });
    expect(rewritten.status).toBe(303);
    const foreign = await request(server, 'POST', '/api/follow-up/close', {
      headers: {
        ...close,
        origin: 'http://another2345abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq.onion',
        'sec-fetch-site': 'cross-site',
      },
      body: '',
    });
    expect(foreign.status).toBe(403);
  });

  it('keeps a reporter signed in to the follow-up page over the onion: a host-only cookie, sent back and honoured', async () => {
    const sent = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(sent.status).toBe(201);
    const { receipt } = sent.body as unknown as { receipt: string };
    const opened = await request(server, 'POST', '/api/follow-up/open', {
      headers: { 'content-type': 'application/json', ...fromOnionPage },
      body: JSON.stringify({ receipt, altcha: await solveAltcha(server.baseUrl) }),
    });
    expect(opened.status).toBe(200);
    const cookie = opened.headers['set-cookie']?.find((line) => line.includes('follow-up='));
    // No Domain: the cookie belongs to the name it was set on, the onion one. Secure and __Host-
    // (PUBLIC_URL is https): Tor Browser counts an onion service as a secure context.
    expect(cookie).toMatch(/^__Host-follow-up=/);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/domain=/i);
    const thread = await request(server, 'GET', '/follow-up', { headers: { cookie: cookie?.split(';', 1)[0] ?? '' } });
    expect(thread.status).toBe(200);
    expect(thread.body).toContain('action="/api/follow-up/close"');
  });
});
