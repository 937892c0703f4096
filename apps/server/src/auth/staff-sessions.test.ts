import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../../../e2e/totp.ts';
import { CookieJar, createStaffMember, passwordOnlySession, postForm, signedInSession } from '../test/staff-helpers.ts';
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

/** The second factor belongs to the session that gave it (security: a password alone is never enough). */
describe('a session opened with the password alone', () => {
  const reportsCsv = (jar: CookieJar) =>
    fetch(`${server.baseUrl}/api/internal/exports/reports.csv`, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
  const enrolIn = async (jar: CookieJar, staffId: string, email: string) => {
    const { secret } = await server.services.staffAuth.enrolment(
      { id: staffId, email, name: '', role: 'admin' },
      { headers: new Headers(), clientIp: undefined },
    );
    const response = await postForm(server, '/internal/enrol', { code: totpCode(secret) }, jar);
    expect(response.status).toBe(200);
    return secret;
  };

  it('stays password-only when another browser finishes enrolment (A signs in, then B enrols)', async () => {
    const browserA = await passwordOnlySession(server, 'admin');
    const browserB = new CookieJar();
    const login = await postForm(
      server,
      '/internal/login',
      { email: browserA.staff.email, password: browserA.password },
      browserB,
    );
    expect(login.headers.get('location')).toMatch(/^\/internal\/enrol/);
    await enrolIn(browserB, browserA.staff.id, browserA.staff.email);
    expect((await dashboard(browserB)).status).toBe(200);

    // Browser A never gave a code: nothing of the staff area opens, and its session is gone.
    const page = await dashboard(browserA.jar);
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/internal\/login/);
    expect((await reportsCsv(browserA.jar)).status).toBe(401);
    const data = await fetch(`${server.baseUrl}/internal/dashboard.data`, {
      headers: { cookie: browserA.jar.header() },
    });
    expect(await data.text()).not.toContain(browserA.staff.email);
    expect(await sessionCount(browserA.staff.id)).toBe(1);
  });

  it('is refused even if it survived enrolment elsewhere (session rows are checked, not the account)', async () => {
    const browserA = await passwordOnlySession(server, 'coordinator');
    // The account enrols by other means (as if browser B had, without ending A's session).
    await server.database.pool.query('update staff_user set two_factor_enabled = true where id = $1', [
      browserA.staff.id,
    ]);
    expect((await dashboard(browserA.jar)).headers.get('location')).toMatch(/^\/internal\/login/);
    expect((await reportsCsv(browserA.jar)).status).toBe(401);
    expect(await sessionCount(browserA.staff.id)).toBe(0);
    const { rows } = await server.database.pool.query(
      `select details from audit_event where actor_id = $1 and action = 'session.expired'`,
      [browserA.staff.id],
    );
    expect(rows.map((row) => row.details.reason)).toContain('second-factor-missing');
  });

  it('must give its own code after enrolment happened elsewhere (B enrols, then A signs in)', async () => {
    const { staff, password } = await createStaffMember(server, 'admin');
    const browserB = new CookieJar();
    await postForm(server, '/internal/login', { email: staff.email, password }, browserB);
    const secret = await enrolIn(browserB, staff.id, staff.email);

    const browserA = new CookieJar();
    const login = await postForm(server, '/internal/login', { email: staff.email, password }, browserA);
    expect(login.headers.get('location')).toMatch(/^\/internal\/login\/code/);
    expect((await dashboard(browserA)).headers.get('location')).toMatch(/^\/internal\/login/);
    expect((await reportsCsv(browserA)).status).toBe(401);
    const code = await postForm(
      server,
      '/internal/login/code',
      { code: totpCode(secret, Date.now() + 30_000) },
      browserA,
    );
    expect(code.headers.get('location')).toBe('/internal/dashboard');
    expect((await dashboard(browserA)).status).toBe(200);
    expect((await reportsCsv(browserA)).status).toBe(200);
  });

  it('ends when an admin resets the second factor, disables the account or changes the role', async () => {
    const admin = await signedInSession(server, 'admin');
    for (const change of ['reset', 'disable', 'role'] as const) {
      const member = await signedInSession(server, 'coordinator');
      expect((await dashboard(member.jar)).status).toBe(200);
      if (change === 'reset') await server.services.operationsFor(admin.staff).staff.resetTwoFactor(member.staff.id);
      if (change === 'disable')
        await server.services.operationsFor(admin.staff).staff.setDisabled(member.staff.id, true);
      if (change === 'role')
        await server.services.operationsFor(admin.staff).staff.changeRole(member.staff.id, 'viewer');
      expect((await dashboard(member.jar)).status, change).toBe(302);
      expect(await sessionCount(member.staff.id), change).toBe(0);
    }
  });
});
