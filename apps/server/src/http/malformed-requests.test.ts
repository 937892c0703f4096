import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * No request, however malformed, gets a 500 (decision 0015): a path that cannot be decoded is a
 * 400, a body a parser refuses keeps the parser's 4xx, and the answer is the catalogue's body
 * (JSON under /api, a line of text elsewhere) without a stack or a message. A real failure is
 * still a 500, with a generic body, logged as an error.
 */
let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  const logs = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer({ LOG_LEVEL: 'info', MESSAGES_PER_HOUR_PER_IP: '1000' }, logs);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

type RawAnswer = { status: number; type: string; body: string };

/** A request sent as written: fetch() and URL would normalise these paths before sending them. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body: text }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

const own = () => ({ origin: server.baseUrl });

/** Whatever the answer, it shows nothing of the server's insides. */
function expectNoInsides(answer: RawAnswer) {
  expect(answer.body).not.toMatch(/at \S+ \(|node_modules|URIError|TypeError|SyntaxError|stack/i);
}

describe('a path that cannot be decoded', () => {
  it.each([
    ['/api/%', 'json'],
    ['/api/internal/reports/%', 'json'],
    ['/api/internal/reports/%/attachments/%E0%A4%A', 'json'],
    ['/internal/%E0%A4%A', 'text'],
    ['//%00', 'text'],
    ['/%', 'text'],
    ['/he/%', 'text'],
    ['/nl/contact%', 'text'],
    ['/incidents/%C0%AF', 'text'],
    ['/assets/%', 'text'],
  ])('GET %s is a 400 with the catalogue body (%s), never a 500', async (path, kind) => {
    const answer = await raw('GET', path);
    expect(answer.status).toBe(400);
    if (kind === 'json') {
      expect(answer.type).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ error: { code: 'BAD_REQUEST' } });
    } else {
      expect(answer.type).toMatch(/^text\/plain/);
      expect(answer.body).toBe('400 Bad Request (BAD_REQUEST)');
    }
    expectNoInsides(answer);
  });

  it.each([
    ['HEAD', '/%'],
    ['POST', '/api/%'],
    ['POST', '/internal/%E0%A4%A'],
  ])('%s %s is a 400 as well', async (method, path) => {
    expect((await raw(method, path, own(), method === 'POST' ? 'a=b' : undefined)).status).toBe(400);
  });

  it('a malformed query string is not a malformed path: the page still answers', async () => {
    for (const path of ['/incidents?type=%', '/?%', '/nl/incidents?page=%E0', '/internal/login?next=%']) {
      expect((await raw('GET', path)).status, path).toBe(200);
    }
  });

  it('logs these as warnings or information, never as errors', () => {
    const errors = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
  });
});

describe('a body that cannot be read', () => {
  it('broken JSON to /api/contact-messages: 400 INVALID_PAYLOAD', async () => {
    const answer = await raw(
      'POST',
      '/api/contact-messages',
      { ...own(), 'content-type': 'application/json' },
      '{"message": {"firstName": "Rivka",',
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'INVALID_PAYLOAD' } });
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'garbage'],
    ['a boundary that never comes', 'multipart/form-data; boundary=xyz', 'garbage without parts'],
    [
      'a part cut short',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{"language": "nl"',
    ],
  ])('a multipart body with %s to /api/reports: 400 INVALID_PAYLOAD', async (_case, type, body) => {
    const answer = await raw('POST', '/api/reports', { ...own(), 'content-type': type }, body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'INVALID_PAYLOAD' } });
  });

  it('a too large plain form to /api/follow-up/close keeps the parser’s 413, through the last error handler', async () => {
    const answer = await raw(
      'POST',
      '/api/follow-up/close',
      { ...own(), 'content-type': 'application/x-www-form-urlencoded' },
      `language=${'x'.repeat(4000)}`,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'BODY_TOO_LARGE' } });
  });

  it('a plain form in an unknown charset to /api/follow-up/close keeps the parser’s 415', async () => {
    const answer = await raw(
      'POST',
      '/api/follow-up/close',
      { ...own(), 'content-type': 'application/x-www-form-urlencoded; charset=klingon' },
      'language=nl',
    );
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it.each([
    ['/internal/login', 'application/json', '{"email": "a@example.org",'],
    ['/internal/login', 'multipart/form-data', 'garbage'],
    ['/internal/login', 'multipart/form-data; boundary=xyz', 'garbage'],
    ['/internal/language', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name='],
    ['/internal/staff', 'text/plain', 'name=x'],
  ])('a page action (%s) given %s: 415, not the 500 of a form it cannot parse', async (path, type, body) => {
    const answer = await raw('POST', path, { ...own(), 'content-type': type }, body);
    expect(answer.status).toBe(415);
    expect(answer.body).toBe('415 Unsupported Media Type (UNSUPPORTED_MEDIA_TYPE)');
  });

  it('a page action given a body without a type reads it as a plain form: a 4xx of the action, not a 500', async () => {
    const answer = await raw('POST', '/internal/login', own(), 'not a form at all');
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const empty = await raw('POST', '/internal/login', own());
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
  });
});
