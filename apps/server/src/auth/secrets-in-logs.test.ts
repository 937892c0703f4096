import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, createStaffMember, postForm, signedInSession } from '../test/staff-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * Security review 2026-11-26, finding 3: a failed query carries its bound values (drizzle's
 * `params`, and its message), and three loggers used to print such errors whole: better-auth's
 * default (a failed session lookup: the raw session token), React Router's default (a loader's or
 * action's error: a set-password token, a staff e-mail), and our last error handler. Here a real
 * query fails in the middle of each step (its table renamed away in this file's own database) and
 * every line written, by our logger or by anything printing to the console, is searched.
 */
describe('a database failure during sign-in, session lookup and set-password', () => {
  const lines: string[] = [];
  const capture = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const consoleMethods = ['error', 'warn', 'log', 'info', 'debug'] as const;
  const originalConsole = consoleMethods.map((method) => [method, console[method]] as const);
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'trace' }, capture);
    for (const method of consoleMethods) console[method] = (...args: unknown[]) => lines.push(format(...args));
  });
  afterAll(async () => {
    for (const [method, original] of originalConsole) console[method] = original;
    await server.close();
  });

  /** Runs `step` while `table` is missing, so that its queries fail; the lines written meanwhile. */
  async function withTableMissing<T>(table: string, step: () => Promise<T>): Promise<{ result: T; written: string }> {
    const from = lines.length;
    await server.database.pool.query(`alter table ${table} rename to ${table}_away`);
    try {
      const result = await step();
      return { result, written: lines.slice(from).join('\n') };
    } finally {
      await server.database.pool.query(`alter table ${table}_away rename to ${table}`);
    }
  }

  /** The JSON log lines of errors (level 50 and above) among those written. */
  const errorLines = (written: string) =>
    written
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { type?: string; message?: string } })
      .filter((line) => line.level >= 50);

  it('writes no staff e-mail and no password when the password step fails', async () => {
    const { staff, password } = await createStaffMember(server, 'viewer');
    const { result, written } = await withTableMissing('staff_user', () =>
      postForm(server, '/internal/login', { email: staff.email, password }),
    );
    expect(result.status).toBe(500);
    // First what must never be there, then the line that must be.
    expect(written).not.toContain(staff.email);
    expect(written).not.toContain(staff.email.split('@')[0]);
    expect(written).not.toContain(password);
    expect(written).not.toContain('params:');
    const failures = errorLines(written);
    expect(failures.length).toBeGreaterThan(0);
    // The line says which query failed, without its values.
    expect(failures.some((line) => /Failed query: select .*staff_user/.test(line.err?.message ?? ''))).toBe(true);
  });

  it('writes no session token when the session lookup of an /internal page fails', async () => {
    const member = await signedInSession(server, 'viewer');
    const cookieValues = member.jar
      .header()
      .split('; ')
      .map((pair) => decodeURIComponent(pair.slice(pair.indexOf('=') + 1)));
    const tokens = cookieValues.flatMap((value) => [value, value.split('.')[0] ?? value]).filter((v) => v.length >= 16);
    expect(tokens.length).toBeGreaterThan(0);
    const { result, written } = await withTableMissing('staff_session', () =>
      fetch(`${server.baseUrl}/internal`, { headers: { cookie: member.jar.header() }, redirect: 'manual' }),
    );
    expect(result.status).toBe(500);
    // First what must never be there, then the line that must be.
    for (const token of tokens) expect(written).not.toContain(token);
    expect(written).not.toContain(member.staff.email);
    expect(written).not.toContain('params:');
    const failures = errorLines(written);
    // better-auth's own line, through our logger, and the last error handler's.
    expect(failures.some((line) => line.msg.startsWith('better-auth:'))).toBe(true);
    expect(failures.some((line) => line.msg === 'unhandled error while answering a request')).toBe(true);
  });

  it('writes no set-password token, e-mail or new password when the set-password page fails', async () => {
    const email = `set-password-logs-${randomUUID().slice(0, 8)}@example.org`;
    const created = await server.services.commandLine.staff.create({ email, name: 'Logs test', role: 'viewer' });
    const link = new URL(created.setPasswordUrl);
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(16);
    const newPassword = `new password ${randomUUID()}`;
    const path = `${link.pathname}${link.search}`;
    const { result, written } = await withTableMissing('staff_verification', async () => {
      const page = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
      const sent = await postForm(server, path, { newPassword, confirmPassword: newPassword }, new CookieJar());
      return { page: page.status, sent: sent.status };
    });
    expect(result).toEqual({ page: 500, sent: 500 });
    // First what must never be there, then the line that must be.
    expect(written).not.toContain(token);
    expect(written).not.toContain(email);
    expect(written).not.toContain(newPassword);
    expect(written).not.toContain('params:');
    const failures = errorLines(written);
    expect(failures.filter((line) => line.msg === "a page's loader or action failed").length).toBeGreaterThan(0);
    expect(failures.some((line) => /Failed query: select .*staff_verification/.test(line.err?.message ?? ''))).toBe(
      true,
    );
    // With the table back, the same link still works: the failure spent nothing.
    expect((await fetch(`${server.baseUrl}${path}`)).status).toBe(200);
  });
});
