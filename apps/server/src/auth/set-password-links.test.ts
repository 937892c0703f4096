import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CookieJar, postForm } from '../test/staff-helpers.ts';
import { useTestServer } from '../test/use-test-server.ts';
import { SET_PASSWORD_LINK_SECONDS } from './auth.ts';

/**
 * Security review 2026-11-26, finding 10: a set-password link of a member who has not enrolled is
 * a takeover of the account (its holder enrols their own authenticator). A new link revokes the
 * earlier ones, disabling the member revokes them all, and a link lasts 72 hours.
 */
describe('set-password links', () => {
  const server = useTestServer();

  /** A member without a password, as an admin adds one: the path of their first link. */
  async function newMember(marker: string) {
    const email = `${marker}-${randomUUID().slice(0, 8)}@example.org`;
    const created = await server.services.commandLine.staff.create({
      email,
      name: `Link test ${marker}`,
      role: 'viewer',
    });
    return { id: created.id, email, path: pathOf(created.setPasswordUrl) };
  }
  const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
  const tokenOf = (path: string) => new URL(path, server.baseUrl).searchParams.get('token') ?? '';

  /** Chooses a password through the page, as the member's browser does: the status of the answer. */
  async function choosePassword(path: string, password: string) {
    const response = await postForm(
      server,
      path,
      { newPassword: password, confirmPassword: password },
      new CookieJar(),
    );
    return { status: response.status, location: response.headers.get('location') };
  }

  it('stop working once a newer link is issued; the newer one works', async () => {
    const member = await newMember('relinked');
    const reissued = await server.services.commandLine.staff.issueSetPasswordLink(member.id);
    const newer = pathOf(reissued.setPasswordUrl);

    expect(await server.services.staffAuth.isSetPasswordLinkValid(tokenOf(member.path))).toBe(false);
    const password = `chosen password ${randomUUID()}`;
    expect((await choosePassword(member.path, password)).status).toBe(400);
    expect(await choosePassword(newer, password)).toEqual({
      status: 302,
      location: '/internal/login?reason=passwordSet',
    });
    const signIn = await postForm(server, '/internal/login', { email: member.email, password }, new CookieJar());
    expect(signIn.headers.get('location')).toMatch(/^\/internal\/enrol/);
  });

  it('stop working when the member is disabled, and stay revoked when they are enabled again', async () => {
    const member = await newMember('disabled');
    const second = await newMember('still-enabled');
    await server.services.commandLine.staff.setDisabled(member.id, true);
    await server.services.commandLine.staff.setDisabled(member.id, false);

    expect(await server.services.staffAuth.isSetPasswordLinkValid(tokenOf(member.path))).toBe(false);
    expect((await choosePassword(member.path, `chosen password ${randomUUID()}`)).status).toBe(400);
    // Another member's link is not touched.
    expect(await server.services.staffAuth.isSetPasswordLinkValid(tokenOf(second.path))).toBe(true);
  });

  it('last 72 hours', async () => {
    expect(SET_PASSWORD_LINK_SECONDS).toBe(72 * 60 * 60);
    const before = Date.now();
    const member = await newMember('lifetime');
    const { rows } = await server.database.pool.query<{ expires_at: Date }>(
      'select expires_at from staff_verification where identifier = $1',
      [`reset-password:${tokenOf(member.path)}`],
    );
    const life = (rows[0]?.expires_at.getTime() ?? 0) - before;
    expect(life).toBeGreaterThan(72 * 3600_000 - 60_000);
    expect(life).toBeLessThanOrEqual(72 * 3600_000 + 60_000);
  });
});
