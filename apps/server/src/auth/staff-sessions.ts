import { isStaffRole } from '@app/core/staff/staff';
import type { StaffSessionState } from '@app/core/staff/staff-api';
import { getCookies } from 'better-auth/cookies';
import type pg from 'pg';
import type { AuditLog } from '../audit/audit-log.ts';
import { type Auth, SESSION_MAX_AGE_SECONDS } from './auth.ts';

export type ResolvedSession = {
  state: StaffSessionState;
  /** Cookies to clear when the browser's session has ended. */
  setCookies: string[];
};

export type StaffSessions = {
  resolve(headers: Headers): Promise<ResolvedSession>;
  /** Ends every session of a staff member (disabled, 2FA reset, role or password changed). */
  endAll(userId: string): Promise<void>;
  /**
   * Marks the session that `setCookies` just opened as complete: its own second factor was
   * verified in it. Returns that session's token (undefined when no session cookie was set).
   */
  markSecondFactor(userId: string, setCookies: string[]): Promise<string | undefined>;
  /** Ends every session of a staff member but one (finishing enrolment in that one). */
  endOthers(userId: string, keepToken: string): Promise<void>;
  sessionCookieName(): Promise<string>;
  expiredCookie(name: string): string;
};

/**
 * Finds the staff member behind a request's session cookie. better-auth checks the cookie's
 * signature and the 12-hour expiry; this adds the idle timeout (no request for `idleMinutes`),
 * refuses disabled accounts, and tells a complete sign-in from one still missing its second factor.
 */
export function createStaffSessions(
  auth: Auth,
  pool: pg.Pool,
  audit: AuditLog,
  settings: { idleMinutes: number; secureCookies: boolean },
): StaffSessions {
  // The name better-auth gives its session cookie under our options (prefix, __Secure- on https).
  const sessionCookieName = async () => getCookies(auth.options).sessionToken.name;
  const expiredCookie = (name: string) =>
    `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${settings.secureCookies ? '; Secure' : ''}`;
  const endAll = async (userId: string) => {
    await pool.query('delete from staff_session where user_id = $1', [userId]);
  };

  /** The session token inside a Set-Cookie line of ours (`<token>.<signature>`, URL-encoded). */
  const tokenFrom = async (setCookies: string[]) => {
    const name = await sessionCookieName();
    const line = setCookies.find((cookie) => cookie.startsWith(`${name}=`));
    const signed = decodeURIComponent(line?.slice(name.length + 1).split(';')[0] ?? '');
    const token = signed.slice(0, signed.lastIndexOf('.'));
    return token || undefined;
  };

  return {
    endAll,
    async markSecondFactor(userId, setCookies) {
      const token = await tokenFrom(setCookies);
      if (!token) return undefined;
      const marked = await pool.query(
        'update staff_session set second_factor_verified_at = now() where token = $1 and user_id = $2',
        [token, userId],
      );
      return marked.rowCount === 1 ? token : undefined;
    },
    async endOthers(userId, keepToken) {
      await pool.query('delete from staff_session where user_id = $1 and token <> $2', [userId, keepToken]);
    },
    sessionCookieName,
    expiredCookie,
    async resolve(headers) {
      const cookieName = await sessionCookieName();
      const hadCookie = (headers.get('cookie') ?? '').includes(`${cookieName}=`);
      if (!hadCookie) return { state: { state: 'anonymous' }, setCookies: [] };
      const ended = (reason: 'idle' | 'expired'): ResolvedSession => ({
        state: { state: 'anonymous', reason },
        setCookies: [expiredCookie(cookieName)],
      });

      const found = await auth.api.getSession({ headers, query: { disableCookieCache: true, disableRefresh: true } });
      if (!found) return ended('expired');
      const { session, user } = found;
      if (user.banned || !isStaffRole(user.role)) {
        await endAll(user.id);
        return ended('expired');
      }
      if (Date.now() - new Date(session.createdAt).getTime() > SESSION_MAX_AGE_SECONDS * 1000) {
        await pool.query('delete from staff_session where id = $1', [session.id]);
        return ended('expired');
      }
      // One statement both checks the idle time and renews it, so two tabs cannot race past it.
      const touched = await pool.query<{ complete: boolean }>(
        `update staff_session set last_active_at = now()
          where id = $1 and last_active_at >= now() - make_interval(mins => $2)
          returning second_factor_verified_at is not null as complete`,
        [session.id, settings.idleMinutes],
      );
      if (touched.rowCount === 0) {
        await pool.query('delete from staff_session where id = $1', [session.id]);
        await audit.record({ action: 'session.expired', actorId: user.id, details: { reason: 'idle' } });
        return ended('idle');
      }
      const staff = { id: user.id, name: user.name, email: user.email, role: user.role };
      // The second factor belongs to the session: a session opened with the password alone stays
      // a password-only session, even once the account has set up its app in another browser.
      if (touched.rows[0]?.complete) return { state: { state: 'signed-in', staff }, setCookies: [] };
      if (!user.twoFactorEnabled) return { state: { state: 'needs-enrolment', staff }, setCookies: [] };
      await pool.query('delete from staff_session where id = $1', [session.id]);
      await audit.record({ action: 'session.expired', actorId: user.id, details: { reason: 'second-factor-missing' } });
      return ended('expired');
    },
  };
}
