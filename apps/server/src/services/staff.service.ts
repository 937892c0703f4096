import { randomBytes } from 'node:crypto';
import { type NewStaff, newStaffSchema, type StaffRole } from '@app/core/staff';
import type { StaffChange, StaffIdentity, StaffMemberSummary } from '@app/core/staff-api';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Auth, SET_PASSWORD_LINK_SECONDS } from '../auth/auth.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { StaffSessions } from '../auth/staff-sessions.ts';
import type { Db } from '../db/database.ts';
import { staffTwoFactor, staffUsedTotpCode, staffUser } from '../db/staff-schema.ts';
import type { AuditLog } from './audit.service.ts';

type Dependencies = { auth: Auth; db: Db; audit: AuditLog; sessions: StaffSessions; publicUrl: string };

/** Who acts: a signed-in admin, or the command line (no actor; the audit log says so). */
export type Actor = StaffIdentity | undefined;

export type StaffService = {
  list(): Promise<StaffMemberSummary[]>;
  get(id: string): Promise<StaffMemberSummary | undefined>;
  findByEmail(email: string): Promise<StaffMemberSummary | undefined>;
  /** Creates a member; with a password they can sign in at once, else they get a set-password link. */
  create(
    actor: Actor,
    input: NewStaff,
    password?: string,
  ): Promise<StaffChange<{ id: string; setPasswordUrl: string }>>;
  changeRole(actor: Actor, id: string, role: StaffRole): Promise<StaffChange>;
  setDisabled(actor: Actor, id: string, disabled: boolean): Promise<StaffChange>;
  resetTwoFactor(actor: Actor, id: string): Promise<StaffChange>;
  issueSetPasswordLink(actor: Actor, id: string): Promise<StaffChange<{ setPasswordUrl: string }>>;
};

const notFound = { ok: false, code: 'notFound' } as const;
const lastAdmin = { ok: false, code: 'lastAdmin' } as const;

export function createStaffService({ auth, db, audit, sessions, publicUrl }: Dependencies): StaffService {
  // Plain SQL: drizzle would leave the outer table's columns unqualified inside the subqueries.
  const lastSignIn = sql<Date | null>`(select max(e.occurred_at) from audit_event e
    where e.actor_id = "staff_user"."id" and e.action = 'two-factor.succeeded')`;
  const hasPassword = sql<boolean>`exists (select 1 from staff_account a
    where a.user_id = "staff_user"."id" and a.password is not null)`;
  const summaries = () =>
    db
      .select({
        id: staffUser.id,
        name: staffUser.name,
        email: staffUser.email,
        role: staffUser.role,
        disabled: staffUser.banned,
        twoFactorEnabled: staffUser.twoFactorEnabled,
        hasPassword,
        createdAt: staffUser.createdAt,
        lastSignInAt: lastSignIn,
      })
      .from(staffUser);
  const present = (row: Awaited<ReturnType<typeof summaries>>[number]): StaffMemberSummary => ({
    ...row,
    role: row.role as StaffRole,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  });
  const get = async (id: string) => {
    const [row] = await summaries().where(eq(staffUser.id, id)).limit(1);
    return row ? present(row) : undefined;
  };
  /** Whether another enabled admin would remain if this member stopped being one. */
  const anotherAdminRemains = async (id: string) => {
    const others = await db
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(and(eq(staffUser.role, 'admin'), eq(staffUser.banned, false), ne(staffUser.id, id)))
      .limit(1);
    return others.length > 0;
  };
  const newLink = async (userId: string) => {
    const token = randomBytes(32).toString('base64url');
    const context = await auth.$context;
    await context.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_SECONDS * 1000),
    });
    return `${publicUrl}/internal/set-password?token=${token}`;
  };
  const record = (actor: Actor, action: Parameters<AuditLog['record']>[0]['action'], id: string, details = {}) =>
    audit.record({
      action,
      actorId: actor?.id,
      subjectType: 'staff',
      subjectId: id,
      details: { ...details, ...(actor ? {} : { via: 'command-line' }) },
    });

  return {
    get,
    async list() {
      const rows = await summaries().orderBy(staffUser.banned, staffUser.name);
      return rows.map(present);
    },
    async findByEmail(email) {
      const [row] = await summaries().where(eq(staffUser.email, email.trim().toLowerCase())).limit(1);
      return row ? present(row) : undefined;
    },

    async create(actor, input, password) {
      const parsed = newStaffSchema.safeParse(input);
      if (!parsed.success) return { ok: false, code: parsed.error.issues[0]?.message as 'invalidEmail' };
      const { email, name, role } = parsed.data;
      const existing = await db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.email, email)).limit(1);
      if (existing.length > 0) return { ok: false, code: 'emailTaken' };
      const context = await auth.$context;
      const user = await context.internalAdapter.createUser(
        { email, name, role, emailVerified: true },
        { method: 'admin' },
      );
      if (password) {
        await context.internalAdapter.linkAccount({
          userId: user.id,
          providerId: 'credential',
          accountId: user.id,
          password: await hashPassword(password),
        });
      }
      await record(actor, 'staff.created', user.id, { role });
      return { ok: true, id: user.id, setPasswordUrl: password ? '' : await newLink(user.id) };
    },

    async changeRole(actor, id, role) {
      const member = await get(id);
      if (!member) return notFound;
      if (member.role === role) return { ok: true };
      if (member.role === 'admin' && !(await anotherAdminRemains(id))) return lastAdmin;
      await db.update(staffUser).set({ role, updatedAt: new Date() }).where(eq(staffUser.id, id));
      // A new role starts with a new sign-in: no page stays open with rights it no longer has.
      await sessions.endAll(id);
      await record(actor, 'staff.role-changed', id, { from: member.role, to: role });
      return { ok: true };
    },

    async setDisabled(actor, id, disabled) {
      const member = await get(id);
      if (!member) return notFound;
      if (member.disabled === disabled) return { ok: true };
      if (disabled && member.role === 'admin' && !(await anotherAdminRemains(id))) return lastAdmin;
      await db.update(staffUser).set({ banned: disabled, updatedAt: new Date() }).where(eq(staffUser.id, id));
      if (disabled) await sessions.endAll(id);
      await record(actor, disabled ? 'staff.disabled' : 'staff.enabled', id);
      return { ok: true };
    },

    async resetTwoFactor(actor, id) {
      const member = await get(id);
      if (!member) return notFound;
      await db.transaction(async (transaction) => {
        await transaction.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, id));
        await transaction.delete(staffUsedTotpCode).where(eq(staffUsedTotpCode.userId, id));
        await transaction
          .update(staffUser)
          .set({ twoFactorEnabled: false, updatedAt: new Date() })
          .where(eq(staffUser.id, id));
      });
      await sessions.endAll(id);
      await record(actor, 'two-factor.reset', id);
      return { ok: true };
    },

    async issueSetPasswordLink(actor, id) {
      const member = await get(id);
      if (!member) return notFound;
      const setPasswordUrl = await newLink(id);
      await record(actor, 'staff.password-link-issued', id);
      return { ok: true, setPasswordUrl };
    },
  };
}
