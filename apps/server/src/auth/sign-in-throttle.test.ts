import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../../../e2e/totp.ts';
import { createLogger } from '../logger.ts';
import { CookieJar, createStaffMember, signedInSession } from '../test/staff-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import {
  ADDRESS_FREE_FAILURES,
  createSignInLimits,
  LONGEST_WAIT_SECONDS,
  SIGN_IN_LIMIT_PREFIXES,
  signInLimitKeys,
  waitAfterFailures,
} from './sign-in-limits.ts';
import { createStaffAuthService } from './staff-auth.service.ts';

/**
 * Security review 2026-11-26, finding 7: five wrong passwords used to lock an account for 15
 * minutes, checked before the password, so anyone knowing a staff address could keep its owner
 * out. Now the place guessing waits (per account and address, growing delays), and only a flood
 * from many places makes the account itself wait.
 */
// Each wrong password costs a real scrypt (N = 2^17): room for a busy machine.
describe('sign-in throttling', { timeout: 90_000 }, () => {
  let server: TestServer;
  let keys: ReturnType<typeof signInLimitKeys>;
  beforeAll(async () => {
    // Addresses come from X-Forwarded-For, as behind the documented proxy.
    server = await startTestServer({ TRUST_PROXY: 'loopback', SIGN_IN_ATTEMPTS_PER_IP: '1000' });
    keys = signInLimitKeys(server.services.encryption.deriveKey('sign-in-limit-keys'));
  });
  afterAll(() => server.close());

  /** The password step from a browser at `address`. */
  async function signIn(address: string, email: string, password: string, jar = new CookieJar()) {
    const response = await fetch(`${server.baseUrl}/internal/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: server.baseUrl,
        'x-forwarded-for': address,
        cookie: jar.header(),
      },
      body: new URLSearchParams({ email, password }),
    });
    jar.update(response);
    const retryAfter = response.headers.get('retry-after');
    return {
      status: response.status,
      location: response.headers.get('location'),
      retryAfter: retryAfter === null ? undefined : Number(retryAfter),
    };
  }

  /** Ends a wait now instead of sleeping through it: the row's expiry moved to the past. */
  async function endWait(prefix: string, key: string) {
    const { rowCount } = await server.database.pool.query(
      'update rate_limit set expire = $2 where key = $1 and expire > $2',
      [`${prefix}:${key}`, Date.now() - 1],
    );
    expect(rowCount).toBe(1);
  }

  const wrong = () => `wrong password ${randomUUID()}`;

  it('grows the wait 1, 2, 4, 8, 15 minutes and stays at 15', () => {
    const waits = Array.from({ length: 8 }, (_, index) => waitAfterFailures(index + 1, 5));
    expect(waits).toEqual([0, 0, 0, 0, 60, 120, 240, 480].map((s) => Math.min(s, LONGEST_WAIT_SECONDS)));
    expect(waitAfterFailures(9, 5)).toBe(900);
    expect(waitAfterFailures(400, 5)).toBe(900);
  });

  it('an address guessing wrong waits longer each time, and the right password from it waits too', async () => {
    const { staff, password } = await createStaffMember(server, 'viewer');
    const attacker = '203.0.113.41';
    // The sign-in step the login page calls; its retryAfterSeconds is the page's Retry-After.
    const attempt = (pass: string) =>
      server.services.staffAuth.signIn(
        { email: staff.email, password: pass },
        { headers: new Headers(), clientIp: attacker },
      );
    for (let index = 1; index < ADDRESS_FREE_FAILURES; index += 1) {
      expect(await attempt(wrong())).toMatchObject({ ok: false, code: 'invalidCredentials' });
    }
    expect(await attempt(wrong())).toMatchObject({ ok: false, code: 'tooManyAttempts', retryAfterSeconds: 60 });
    // While it waits, not even the right password is tried.
    const meanwhile = await attempt(password);
    expect(meanwhile).toMatchObject({ ok: false, code: 'tooManyAttempts' });
    const left = meanwhile.ok ? 0 : (meanwhile.retryAfterSeconds ?? 0);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(60);
    // The page answers 429 and says how long to wait.
    const page = await signIn(attacker, staff.email, password);
    expect(page.status).toBe(429);
    expect(page.retryAfter).toBeGreaterThan(0);
    expect(page.retryAfter).toBeLessThanOrEqual(60);

    const waits: (number | undefined)[] = [];
    for (let round = 0; round < 4; round += 1) {
      await endWait(SIGN_IN_LIMIT_PREFIXES.pairWait, keys.pair(staff.email, attacker));
      const outcome = await attempt(wrong());
      waits.push(outcome.ok ? undefined : outcome.retryAfterSeconds);
    }
    expect(waits).toEqual([120, 240, 480, 900]);

    // Once its wait is over, the right password from that address works, and clears its count.
    await endWait(SIGN_IN_LIMIT_PREFIXES.pairWait, keys.pair(staff.email, attacker));
    expect(await signIn(attacker, staff.email, password)).toMatchObject({ status: 302 });
    expect((await signIn(attacker, staff.email, wrong())).status).toBe(400);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const { staff } = await createStaffMember(server, 'viewer');
    for (let attempt = 1; attempt <= ADDRESS_FREE_FAILURES; attempt += 1) {
      await signIn(`2001:db8:41:7::${attempt.toString(16)}`, staff.email, wrong());
    }
    expect((await signIn('2001:db8:41:7:ffff:1:2:3', staff.email, wrong())).status).toBe(429);
    expect((await signIn('2001:db8:41:8::1', staff.email, wrong())).status).toBe(400);
  });

  it('an attacker guessing from one address cannot keep the owner out: password and code from elsewhere', async () => {
    const owner = await signedInSession(server, 'coordinator');
    const attacker = '203.0.113.42';
    const refused: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt += 1)
      refused.push((await signIn(attacker, owner.staff.email, wrong())).status);
    expect(refused.filter((status) => status === 400)).toHaveLength(ADDRESS_FREE_FAILURES - 1);
    expect(refused.slice(ADDRESS_FREE_FAILURES - 1).every((status) => status === 429)).toBe(true);

    const browser = new CookieJar();
    const password = await signIn('198.51.100.42', owner.staff.email, owner.password, browser);
    expect(password).toMatchObject({ status: 302 });
    expect(password.location).toMatch(/^\/internal\/login\/code/);
    const code = await fetch(`${server.baseUrl}/internal/login/code`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: server.baseUrl,
        'x-forwarded-for': '198.51.100.42',
        cookie: browser.header(),
      },
      body: new URLSearchParams({ code: totpCode(owner.secret ?? '', Date.now() + 30_000) }),
    });
    browser.update(code);
    expect(code.headers.get('location')).toBe('/internal/dashboard');
    const dashboard = await fetch(`${server.baseUrl}/internal/dashboard`, {
      redirect: 'manual',
      headers: { cookie: browser.header() },
    });
    expect(dashboard.status).toBe(200);
  });

  it('an honest member who mistypes a few times signs in, and starts again from zero', async () => {
    const { staff, password } = await createStaffMember(server, 'viewer');
    const home = '192.0.2.77';
    for (let attempt = 1; attempt < ADDRESS_FREE_FAILURES; attempt += 1) {
      expect((await signIn(home, staff.email, wrong())).status).toBe(400);
    }
    expect((await signIn(home, staff.email, password)).location).toMatch(/^\/internal\/enrol/);
    // Its count started again: a fifth mistake does not make it wait.
    expect((await signIn(home, staff.email, wrong())).status).toBe(400);
    expect((await signIn(home, staff.email, password)).status).toBe(302);
  });

  it('brute force spread over many addresses stops at the account ceiling, with growing waits too', async () => {
    // The same sign-in steps, with a ceiling of 6 instead of 100 so that the test stays short.
    const { services } = server;
    const hashKey = services.encryption.deriveKey('sign-in-limit-keys');
    const staffAuth = createStaffAuthService({
      auth: services.auth,
      db: services.db,
      pool: services.pool,
      audit: services.audit,
      limits: createSignInLimits(services.pool, hashKey, 1000, { accountFreeFailures: 6 }),
      sessions: services.staffSessions,
      logger: createLogger('silent'),
    });
    const attempt = (clientIp: string, pass: string) =>
      staffAuth.signIn({ email: staff.email, password: pass }, { headers: new Headers(), clientIp });
    const { staff, password } = await createStaffMember(server, 'viewer');

    // Three addresses, two wrong passwords each: no address reaches its own wait.
    const outcomes = [];
    for (let index = 1; index <= 6; index += 1) outcomes.push(await attempt(`198.18.0.${index % 3}`, wrong()));
    expect(outcomes.slice(0, 5).map((outcome) => !outcome.ok && outcome.code)).toEqual(
      Array(5).fill('invalidCredentials'),
    );
    expect(outcomes[5]).toMatchObject({ ok: false, code: 'accountLocked', retryAfterSeconds: 60 });

    // Every address now waits, even one never seen, even with the right password.
    expect(await attempt('198.18.9.9', password)).toMatchObject({ ok: false, code: 'accountLocked' });
    await endWait(SIGN_IN_LIMIT_PREFIXES.accountWait, keys.account(staff.email));
    expect(await attempt('198.18.9.10', wrong())).toMatchObject({ code: 'accountLocked', retryAfterSeconds: 120 });
    await endWait(SIGN_IN_LIMIT_PREFIXES.accountWait, keys.account(staff.email));
    expect(await attempt('198.18.9.11', password)).toMatchObject({ ok: true });
  });
});
