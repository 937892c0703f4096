import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, postForm, signedInSession } from '../test/staff-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 30_000);

afterAll(async () => {
  await server?.close();
});

const dashboard = (jar: CookieJar) =>
  fetch(`${server.baseUrl}/internal/dashboard`, { redirect: 'manual', headers: { cookie: jar.header() } });

async function sessionCount(userId: string): Promise<number> {
  const { rows } = await server.database.pool.query('select count(*)::int as n from staff_session where user_id = $1', [
    userId,
  ]);
  return rows[0].n;
}

describe('staff sessions', () => {
  it('hash passwords with scrypt at N=2^17 and verify only the right one', async () => {
    const hash = await hashPassword('a correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword({ hash, password: 'a correct horse battery staple' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'a correct horse battery stapler' })).toBe(false);
    expect(await verifyPassword({ hash: 'bcrypt$whatever', password: 'x' })).toBe(false);
  });

  it('set HttpOnly, SameSite=Lax session cookies, Secure on an https site', async () => {
    const member = await signedInSession(server, 'viewer');
    const response = await postForm(server, '/internal/sign-out', {}, new CookieJar());
    expect(response.status).toBe(302);
    const login = await fetch(`${server.baseUrl}/internal/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: new URLSearchParams({ email: member.staff.email, password: member.password }),
    });
    const cookie = login.headers.getSetCookie().find((line) => line.includes('two_factor'));
    // PUBLIC_URL of the test server is https://example.test.
    expect(cookie).toMatch(/^__Secure-staff\.two_factor=.*; HttpOnly; Secure; SameSite=Lax/i);
  });

  it('end after 12 hours even when used all along', async () => {
    const member = await signedInSession(server, 'viewer');
    expect((await dashboard(member.jar)).status).toBe(200);
    await server.database.pool.query(
      `update staff_session set created_at = now() - interval '12 hours 1 minute' where user_id = $1`,
      [member.staff.id],
    );
    const response = await dashboard(member.jar);
    expect(response.headers.get('location')).toBe('/internal/login?next=%2Finternal%2Fdashboard&reason=expired');
    expect(await sessionCount(member.staff.id)).toBe(0);
  });

  it('end after the idle time, and each request starts the idle time again', async () => {
    const member = await signedInSession(server, 'coordinator');
    await server.database.pool.query(
      `update staff_session set last_active_at = now() - interval '29 minutes' where user_id = $1`,
      [member.staff.id],
    );
    expect((await dashboard(member.jar)).status).toBe(200);
    const { rows } = await server.database.pool.query(
      `select last_active_at > now() - interval '1 minute' as renewed from staff_session where user_id = $1`,
      [member.staff.id],
    );
    expect(rows[0].renewed).toBe(true);
    await server.database.pool.query(
      `update staff_session set last_active_at = now() - interval '30 minutes 5 seconds' where user_id = $1`,
      [member.staff.id],
    );
    expect((await dashboard(member.jar)).headers.get('location')).toMatch(/reason=idle$/);
  });

  it('sign-out deletes the session; a password change ends the other sessions', async () => {
    const member = await signedInSession(server, 'admin');
    const signOut = await postForm(server, '/internal/sign-out', {}, member.jar);
    expect(signOut.headers.get('location')).toBe('/internal/login?reason=signedOut');
    expect(await sessionCount(member.staff.id)).toBe(0);

    const first = await signedInSession(server, 'coordinator');
    // A second browser of the same member: password and a code from the next time step.
    const second = new CookieJar();
    await postForm(server, '/internal/login', { email: first.staff.email, password: first.password }, second);
    const { totpCode } = await import('../../../../e2e/totp.ts');
    const code = await postForm(
      server,
      '/internal/login/code',
      { code: totpCode(first.secret ?? '', Date.now() + 30_000) },
      second,
    );
    expect(code.headers.get('location')).toBe('/internal/dashboard');
    expect(await sessionCount(first.staff.id)).toBe(2);

    const change = await postForm(
      server,
      '/internal/account',
      {
        currentPassword: first.password,
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      },
      first.jar,
    );
    expect(change.status).toBe(200);
    expect((await dashboard(first.jar)).status).toBe(200);
    expect((await dashboard(second)).status).toBe(302);
    expect(await sessionCount(first.staff.id)).toBe(1);
    const events = await server.database.pool.query(`select action from audit_event where actor_id = $1 order by id`, [
      first.staff.id,
    ]);
    expect(events.rows.map((row) => row.action)).toContain('password.changed');
  });
});
