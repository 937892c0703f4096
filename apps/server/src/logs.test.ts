import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postReport, reportPayload, SEEDED, solveAltcha } from './test/submission-helpers.ts';
import { startTestServer, type TestServer } from './test/test-server.ts';

describe('logs', () => {
  const lines: string[] = [];
  const capture = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'trace', TRUST_PROXY: 'loopback' }, capture);
  });
  afterAll(() => server.close());

  it('hold no personal data and no submitter address, even at the most detailed level and on refusals', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.23' };
    await postReport(server.baseUrl, { payload: reportPayload(), altcha: await solveAltcha(server.baseUrl) }, from);
    await postReport(server.baseUrl, { payload: reportPayload({ phone: 'bad' }), altcha: 'forged' }, from);
    await postReport(
      server.baseUrl,
      { payload: reportPayload({ role: 'x' }), altcha: await solveAltcha(server.baseUrl) },
      from,
    );
    // A body announced far too large, of which only a little is sent: refused before it is read.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.baseUrl}/api/reports`, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': 200 * 1024 * 1024, ...from },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', reject);
      request.write('--x\r\n');
    });
    expect(status).toBe(413);
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of Object.values(SEEDED)) expect(text).not.toContain(secret);
    // Refusals are answers, not failures of the server.
    expect(lines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
    expect(text).not.toContain('198.51.100.23');
  });
});
