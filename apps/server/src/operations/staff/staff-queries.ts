import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { staffUser } from '../../db/staff-schema.ts';

// Plain SQL: drizzle would leave the outer table's columns unqualified inside the subqueries.
const lastSignIn = sql<Date | null>`(select max(e.occurred_at) from audit_event e
  where e.actor_id = "staff_user"."id"
    and (e.action = 'two-factor.succeeded' or (e.action = 'sign-in.succeeded' and e.details->>'step' = 'passkey')))`;
/** Confirmed passkeys only: one whose registration did not finish (no name yet) signs nobody in. */
const passkeys = sql<number>`(select count(*)::int from staff_passkey p
  where p.user_id = "staff_user"."id" and p.name is not null)`;
const hasPassword = sql<boolean>`exists (select 1 from staff_account a
  where a.user_id = "staff_user"."id" and a.password is not null)`;

/** Members as the staff pages and the command line list them. */
export function staffSummaries(db: Pick<Db, 'select'>) {
  return db
    .select({
      id: staffUser.id,
      name: staffUser.name,
      email: staffUser.email,
      role: staffUser.role,
      banned: staffUser.banned,
      twoFactorEnabled: staffUser.twoFactorEnabled,
      hasPassword,
      passkeys,
      createdAt: staffUser.createdAt,
      lastSignInAt: lastSignIn,
    })
    .from(staffUser);
}
