import type { RequestFacts } from '@app/core/staff/staff-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoftAuthenticator } from '../../test/soft-authenticator.ts';
import { type CookieJar, signedInSession, type TestStaff } from '../../test/staff-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
let owner: TestStaff;
let other: TestStaff;
let admin: TestStaff;
const ORIGIN = 'https://example.test';

/** What a browser sends: the jar's cookies plus those the last step set (the challenge's). */
function facts(jar: CookieJar | undefined, setCookies: string[] = []): RequestFacts {
  const added = setCookies.map((line) => line.split(';')[0]);
  const cookie = [jar?.header(), ...added].filter(Boolean).join('; ');
  return { headers: new Headers({ cookie, origin: ORIGIN }), clientIp: '203.0.113.7' };
}

async function auditRows(actorId: string, action: string) {
  const { rows } = await server.database.pool.query<{ details: Record<string, unknown> }>(
    'select details from audit_event where actor_id = $1 and action = $2 order by id',
    [actorId, action],
  );
  return rows;
}

/** Starts registering a passkey for a member through their own operations, as the account page does. */
async function attemptRegistration(member: TestStaff, name: string, { userVerified = true } = {}) {
  const device = createSoftAuthenticator(ORIGIN);
  const ops = server.services.operationsFor(member.staff).account;
  const { options, setCookies } = await ops.passkeyRegistrationOptions(facts(member.jar));
  const response = device.register(options, { userVerified });
  return { device, registration: ops.registerPasskey({ name, response }, facts(member.jar, setCookies)) };
}

/** Registers a passkey: the device, and the passkey's id. */
async function register(member: TestStaff, name: string) {
  const { device, registration } = await attemptRegistration(member, name);
  return { device, outcome: await registration };
}

/** A passkey sign-in from a fresh browser: options, the device's signature, the verdict. */
async function signIn(device: ReturnType<typeof createSoftAuthenticator>, signedOrigin = ORIGIN) {
  const auth = server.services.staffAuth;
  const started = await auth.passkeySignInOptions(facts(undefined));
  if (!started.ok) throw new Error(started.code);
  const response = device.authenticate(started.options, { signedOrigin });
  return auth.signInWithPasskey(response, facts(undefined, started.setCookies));
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, other, admin] = await Promise.all([
    signedInSession(server, 'viewer'),
    signedInSession(server, 'coordinator'),
    signedInSession(server, 'admin'),
  ]);
}, 180_000); // three members sign in with scrypt at OWASP strength

afterAll(async () => {
  await server?.close();
});

describe('passkeys of a staff member', () => {
  it('a member registers, renames and removes their own passkey, each audited', async () => {
    const { outcome } = await register(owner, '  Work laptop  ');
    const ops = server.services.operationsFor(owner.staff).account;
    expect((await ops.passkeys()).map((passkey) => passkey.name)).toEqual(['Work laptop']);
    expect((await auditRows(owner.staff.id, 'passkey.registered')).map((row) => row.details)).toEqual([
      { passkeyId: outcome.id },
    ]);

    expect(await ops.renamePasskey(outcome.id, 'Phone')).toBeUndefined();
    expect((await ops.passkeys())[0]?.name).toBe('Phone');
    expect(await auditRows(owner.staff.id, 'passkey.renamed')).toHaveLength(1);
    await expect(ops.renamePasskey(outcome.id, ' ')).rejects.toMatchObject({ code: 'passkeys.nameRequired' });
    await expect(ops.renamePasskey(outcome.id, 'x'.repeat(61))).rejects.toMatchObject({ code: 'passkeys.nameTooLong' });

    expect(await ops.removePasskey(outcome.id)).toBeUndefined();
    expect(await ops.passkeys()).toEqual([]);
    expect(await auditRows(owner.staff.id, 'passkey.removed')).toHaveLength(1);
  });

  it("another member can neither rename nor remove someone's passkey: not found, and audited", async () => {
    const { outcome } = await register(owner, 'Desk key');
    const intruder = server.services.operationsFor(other.staff).account;
    const before = (await auditRows(other.staff.id, 'access.denied')).length;
    await expect(intruder.renamePasskey(outcome.id, 'Mine now')).rejects.toMatchObject({ code: 'passkeys.notFound' });
    await expect(intruder.removePasskey(outcome.id)).rejects.toMatchObject({ code: 'passkeys.notFound' });
    expect(await auditRows(other.staff.id, 'access.denied')).toHaveLength(before + 2);
    const still = await server.services.operationsFor(owner.staff).account.passkeys();
    expect(still.find((passkey) => passkey.id === outcome.id)?.name).toBe('Desk key');
    // Admins see that the member has one, not what it is.
    const listed = await server.services.operationsFor(admin.staff).staff.get(owner.staff.id);
    expect(listed?.passkeys).toBe(1);
    await expect(server.services.operationsFor(other.staff).staff.get(owner.staff.id)).rejects.toMatchObject({
      status: 403,
    });
  });

  it('a passkey made without user verification (no PIN or fingerprint) is refused and not kept', async () => {
    const member = await signedInSession(server, 'viewer');
    const { registration } = await attemptRegistration(member, 'No PIN', { userVerified: false });
    await expect(registration).rejects.toMatchObject({ code: 'passkeys.notVerified' });
    const { rows } = await server.database.pool.query('select 1 from staff_passkey where user_id = $1', [
      member.staff.id,
    ]);
    expect(rows).toHaveLength(0);
  }, 60_000);

  it('a passkey alone is a complete sign-in: the new session carries its second factor', async () => {
    const member = await signedInSession(server, 'coordinator');
    const { device } = await register(member, 'Laptop');
    const signedIn = await signIn(device);
    expect(signedIn.ok).toBe(true);
    const resolved = await server.services.staffSessions.resolve(
      new Headers({ cookie: signedIn.setCookies.map((line) => line.split(';')[0]).join('; ') }),
    );
    expect(resolved.state).toMatchObject({ state: 'signed-in', staff: { id: member.staff.id } });
    const { rows } = await server.database.pool.query(
      `select 1 from staff_session where user_id = $1 and second_factor_verified_at is not null`,
      [member.staff.id],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2); // the enrolment's session, and the passkey's
    expect((await auditRows(member.staff.id, 'sign-in.succeeded')).at(-1)?.details).toEqual({ step: 'passkey' });
    // A look-alike site's signature (its own origin in the signed client data) opens nothing.
    const phished = await signIn(device, 'https://examp1e.test');
    expect(phished).toMatchObject({ ok: false, code: 'passkeyFailed' });
  }, 60_000);

  it('a disabled member cannot sign in with a passkey', async () => {
    const member = await signedInSession(server, 'viewer');
    const { device } = await register(member, 'Old phone');
    expect(await server.services.operationsFor(admin.staff).staff.setDisabled(member.staff.id, true)).toBeUndefined();
    const { rows: sessions } = await server.database.pool.query('select 1 from staff_session where user_id = $1', [
      member.staff.id,
    ]);
    expect(sessions).toHaveLength(0);
    expect(await signIn(device)).toMatchObject({ ok: false, code: 'accountDisabled' });
    const { rows } = await server.database.pool.query('select 1 from staff_session where user_id = $1', [
      member.staff.id,
    ]);
    expect(rows).toHaveLength(0);
  }, 60_000);

  it('resetting two-step sign-in removes the passkeys too (a lost phone may hold one)', async () => {
    const member = await signedInSession(server, 'viewer');
    const { device } = await register(member, 'Lost phone');
    expect(await server.services.operationsFor(admin.staff).staff.resetTwoFactor(member.staff.id)).toBeUndefined();
    expect(await signIn(device)).toMatchObject({ ok: false, code: 'passkeyFailed' });
  }, 60_000);
});
