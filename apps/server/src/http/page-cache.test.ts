import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { todayInBelgium } from '@app/core/site/dates';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../test/raw-request.ts';
import { createStaffMember } from '../test/staff-helpers.ts';
import { postReport, reportPayload, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import { useTestServer } from '../test/use-test-server.ts';
import { chooseEncoding, inlineScriptHashes, pageCacheKey } from './page-cache.ts';

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the page cache, without a server', () => {
  const key = (path: string, method = 'GET', cookie?: string) =>
    pageCacheKey(method, new URL(path, 'http://site.test'), cookie);

  it('keys a public page by its path and its query as the page reads it, and nothing else', () => {
    expect(key('/')).toBe('/');
    expect(key('/he/incidents')).toBe('/he/incidents');
    expect(key('/yi/privacy', 'HEAD')).toBe('/yi/privacy');
    expect(key('/incidents?type=verbal&page=2')).toBe('/incidents?page=2&type=verbal');
    expect(key('/incidents?page=2&type=verbal')).toBe('/incidents?page=2&type=verbal');
    expect(key('/nl/follow-up', 'GET', 'lang=nl')).toBe('/nl/follow-up');
    // Rendered for the request alone: other methods, a receipt session's thread, pages that are not public.
    expect(key('/contact', 'POST')).toBeUndefined();
    expect(key('/follow-up', 'GET', '__Host-follow-up=abc')).toBeUndefined();
    expect(key('/nl/follow-up', 'GET', 'lang=nl; follow-up=abc')).toBeUndefined();
    expect(key('/internal/login')).toBeUndefined();
    // Parsed values only (security review finding 6): an invented value is the canonical page, so
    // no attacker's value makes a page of its own to render, compress and keep.
    expect(key('/?utm_source=mail')).toBe('/');
    expect(key('/incidents?page=1&page=2')).toBe('/incidents');
    expect(key('/incidents?type=%3Cscript%3E')).toBe('/incidents');
    expect(key('/incidents?type=a1')).toBe('/incidents');
    expect(key('/incidents?type=verbal&page=abc')).toBe('/incidents?type=verbal');
    expect(key('/incidents?page=0002')).toBe('/incidents?page=2');
    expect(key('/incidents?page=1')).toBe('/incidents');
    expect(key('/follow-up?closed=1')).toBe('/follow-up?closed=1');
    expect(key('/follow-up?closed=yes&sent=1')).toBe('/follow-up?sent=1');
    expect(key('/de/contact')).toBeUndefined();
    // The figures: the open data page, the yearly summaries and the files, without any parameter.
    expect(key('/incidents/data')).toBe('/incidents/data');
    expect(key('/he/incidents/2026')).toBe('/he/incidents/2026');
    expect(key('/yi/incidents/data/provinces.json')).toBe('/yi/incidents/data/provinces.json');
    expect(key('/incidents/2026?type=verbal')).toBe('/incidents/2026');
    expect(key('/incidents/data/other.csv')).toBeUndefined();
    expect(key('/de/incidents/2026')).toBeUndefined();
  });

  it('prefers Brotli, then gzip, and honours a refusal', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
  });

  it('hashes inline scripts only, once each', () => {
    const html =
      '<script>a()</script><script type="module" async="">import "x"</script><script src="/a.js"></script><script>a()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256Source('a()'), sha256Source('import "x"')]);
  });
});

describe('public pages served from the page cache', () => {
  const server = useTestServer({ REPORTS_PER_HOUR_PER_IP: '100' });

  it('renders a page once, then serves the same bytes, with a policy that allows exactly its inline scripts', async () => {
    const first = await rawRequest(server.baseUrl, '/fr/privacy');
    const second = await rawRequest(server.baseUrl, '/fr/privacy');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body.equals(first.body)).toBe(true);

    const html = second.body.toString('utf8');
    expect(html).not.toMatch(/ nonce=/);
    const document = new JSDOM(html).window.document;
    const inline = [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? '');
    expect(inline.length).toBeGreaterThan(1);
    const policy = String(second.headers['content-security-policy']);
    const scriptSources = policy.match(/script-src ([^;]+)/)?.[1]?.split(' ') ?? [];
    expect(new Set(scriptSources)).toEqual(new Set(["'self'", ...inline.map(sha256Source)]));
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(policy).toContain(directive);
    }
    expect(scriptSources.join(' ')).not.toMatch(/unsafe|nonce/);
    expect(second.headers['referrer-policy']).toBe('no-referrer');
    expect(second.headers['cache-control']).toBe('no-cache');
  });

  it('sends Brotli or gzip as the browser accepts, each the same page, and 304 to a browser that has it', async () => {
    const plain = await rawRequest(server.baseUrl, '/he', { 'accept-encoding': 'identity' });
    const br = await rawRequest(server.baseUrl, '/he', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await rawRequest(server.baseUrl, '/he', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    for (const answer of [plain, br, gzip]) {
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }

    const again = await rawRequest(server.baseUrl, '/he', { 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await rawRequest(server.baseUrl, '/he', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('keeps the form pages out of browser caches, and the English home page varying by language', async () => {
    for (const path of ['/contact', '/nl/incident-report']) {
      await rawRequest(server.baseUrl, path);
      const cached = await rawRequest(server.baseUrl, path);
      expect(cached.headers['x-page-cache']).toBe('hit');
      expect(cached.headers['cache-control']).toBe('no-store');
    }
    await rawRequest(server.baseUrl, '/');
    const home = await rawRequest(server.baseUrl, '/');
    expect(home.headers['x-page-cache']).toBe('hit');
    expect(home.headers.vary).toMatch(/Cookie.*Accept-Language.*Accept-Encoding/);
  });

  it('gives a visitor with cookies the page everyone gets, and renders the follow-up page for a receipt session', async () => {
    const anonymous = await rawRequest(server.baseUrl, '/yi/terms-of-use');
    const withCookies = await rawRequest(server.baseUrl, '/yi/terms-of-use', {
      cookie: '__Host-follow-up=abc; lang=he; staff.session_token=xyz',
    });
    expect(withCookies.body.equals(anonymous.body)).toBe(true);

    // Without a receipt session, the follow-up page is the form that asks for one: kept, compressed.
    await rawRequest(server.baseUrl, '/nl/follow-up');
    const form = await rawRequest(server.baseUrl, '/nl/follow-up', { 'accept-encoding': 'gzip' });
    expect(form.headers['x-page-cache']).toBe('hit');
    expect(form.headers['content-encoding']).toBe('gzip');
    // With one, the page shows that reporter's thread: rendered for them alone.
    for (const cookie of ['__Host-follow-up=abc', 'lang=nl; follow-up=abc']) {
      const followUp = await rawRequest(server.baseUrl, '/nl/follow-up', { cookie });
      expect(followUp.status).toBe(200);
      expect(followUp.headers['x-page-cache']).toBeUndefined();
      expect(String(followUp.headers['content-security-policy'])).toMatch(/'nonce-[^']+'/);
    }
    // A parameter the page does not read: the page everyone gets, from the cache (finding 6).
    const home = await rawRequest(server.baseUrl, '/nl');
    const tracked = await rawRequest(server.baseUrl, '/nl?utm_source=mail');
    expect(tracked.headers['x-page-cache']).toBe('hit');
    expect(tracked.body.equals(home.body)).toBe(true);
    // A path that a URL parser could read as another host is not the home page.
    const doubleSlash = await rawRequest(server.baseUrl, '//nl');
    expect(doubleSlash.headers['x-page-cache']).toBeUndefined();
    expect(doubleSlash.status).toBe(404);
  });

  it('shows a staff edit and a newly verified incident on the next request', { timeout: 90_000 }, async () => {
    const before = (await rawRequest(server.baseUrl, '/nl')).body.toString('utf8');
    expect(before).not.toContain('Gesloten op');
    const { staff } = await createStaffMember(server, 'admin');
    await server.services.operationsFor(staff).content.save('announcement', 'nl', 'Gesloten op **1 december**.');
    const after = await rawRequest(server.baseUrl, '/nl');
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body.toString('utf8')).toContain('Gesloten op <strong>1 december</strong>.');
    expect((await rawRequest(server.baseUrl, '/fr')).body.toString('utf8')).not.toContain('Gesloten op');

    const countOn = async () => {
      const html = (await rawRequest(server.baseUrl, '/incidents')).body.toString('utf8');
      const count = new JSDOM(html).window.document.querySelector('.incident-count');
      return count ? `${count.getAttribute('data-count') ?? `<${count.getAttribute('data-count-fewer-than')}`}` : '0';
    };
    expect(await countOn()).toBe('0');
    for (let sent = 0; sent < 3; sent += 1) {
      const answer = await postReport(server.baseUrl, {
        payload: reportPayload({ date: todayInBelgium() }),
        altcha: await solveAltcha(server.baseUrl),
      });
      expect(answer.status).toBe(201);
    }
    // A new report is not an incident until staff verify it: the cached page stays (finding 6:
    // every insert used to empty the whole cache).
    const afterReports = await rawRequest(server.baseUrl, '/incidents');
    expect(afterReports.headers['x-page-cache']).toBe('hit');
    expect(await countOn()).toBe('0');
    const verifyOne =
      "update report set status = 'verified' where id = (select id from report where status = 'new' limit 1)";
    await server.database.pool.query(verifyOne);
    // One verified incident: the page says "fewer than 3" (decision 0022), never "1".
    expect(await countOn()).toBe('<3');
    const fewer = (await rawRequest(server.baseUrl, '/incidents')).body.toString('utf8');
    expect(new JSDOM(fewer).window.document.querySelector('.incident-count')?.textContent).toBe(
      'Fewer than 3 verified incidents whose date lies in the last 30 days',
    );
    await server.database.pool.query(verifyOne);
    expect(await countOn()).toBe('<3');
    await server.database.pool.query(verifyOne);
    expect(await countOn()).toBe('3');
    expect((await rawRequest(server.baseUrl, '/incidents')).body.toString('utf8')).not.toContain(SEEDED.lastName);
  });

  it('renders one page for any number of invented filter values, and keeps no page past the last', async () => {
    await rawRequest(server.baseUrl, '/incidents');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => rawRequest(server.baseUrl, `/incidents?type=a${index}&x=${index}`)),
    );
    expect(new Set(answers.map((answer) => answer.headers['x-page-cache']))).toEqual(new Set(['hit']));
    expect(new Set(answers.map((answer) => answer.body.toString('utf8'))).size).toBe(1);
    const pastTheLast = await rawRequest(server.baseUrl, '/incidents?page=999');
    expect(pastTheLast.status).toBe(404);
    expect(pastTheLast.headers['x-page-cache']).toBeUndefined();
  });

  it('moves to a new revision at midnight in Brussels', async () => {
    const lateEvening = await server.services.siteRevision.current(new Date('2026-11-30T22:59:00Z'));
    const afterMidnight = await server.services.siteRevision.current(new Date('2026-11-30T23:01:00Z'));
    expect(lateEvening).not.toBe(afterMidnight);
    expect(await server.services.siteRevision.current(new Date('2026-11-30T12:00:00Z'))).toBe(lateEvening);
  });
});
