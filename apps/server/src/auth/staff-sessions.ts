import { isStaffRole } from '@app/core/staff';
import type { StaffSessionState } from '@app/core/staff-api';
import type pg from 'pg';
import type { AuditLog } from '../services/audit.service.ts';
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
  const sessionCookieName = async () => (await auth.$context).authCookies.sessionToken.name;
  const expiredCookie = (name: string) =>
    `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${settings.secureCookies ? '; Secure' : ''}`;
  const endAll = async (userId: string) => {
    await pool.query('delete from staff_session where user_id = $1', [userId]);
  };

  return {
    endAll,
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
      const touched = await pool.query(
        `update staff_session set last_active_at = now()
          where id = $1 and last_active_at >= now() - make_interval(mins => $2)
          returning id`,
        [session.id, settings.idleMinutes],
      );
      if (touched.rowCount === 0) {
        await pool.query('delete from staff_session where id = $1', [session.id]);
        await audit.record({ action: 'session.expired', actorId: user.id, details: { reason: 'idle' } });
        return ended('idle');
      }
      const staff = { id: user.id, name: user.name, email: user.email, role: user.role };
      return {
        state: user.twoFactorEnabled ? { state: 'signed-in', staff } : { state: 'needs-enrolment', staff },
        setCookies: [],
      };
    },
  };
}
