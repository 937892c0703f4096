import { eq, sql } from 'drizzle-orm';
import { staffMailPreference } from '../../db/reminders-schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/**
 * The member's own e-mail choices: the daily digest, off until they turn it on (decision 0028).
 * Only roles that may read reports get a digest. Permission: reports:manage.
 */
export async function mailPreferences(
  deps: OperationDeps,
  actor: Actor,
): Promise<{ dailyDigest: boolean; digestHour: number }> {
  await authorize(deps, actor, 'reports:manage');
  const [row] = await deps.db
    .select({ dailyDigest: staffMailPreference.dailyDigest })
    .from(staffMailPreference)
    .where(eq(staffMailPreference.staffId, actor.id));
  return { dailyDigest: row?.dailyDigest ?? false, digestHour: deps.digestHour ?? 7 };
}

/** Turns the member's own daily digest on or off, with its audit row. Permission: reports:manage. */
export async function setDailyDigest(deps: OperationDeps, actor: Actor, enabled: boolean): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .insert(staffMailPreference)
      .values({ staffId: actor.id, dailyDigest: enabled })
      .onConflictDoUpdate({
        target: staffMailPreference.staffId,
        set: { dailyDigest: enabled, updatedAt: sql`now()` },
        // Only a real change is written and audited.
        setWhere: sql`${staffMailPreference.dailyDigest} <> ${enabled}`,
      })
      .returning({ staffId: staffMailPreference.staffId });
    if (!changed) return;
    await deps.audit.record(
      {
        action: 'account.digest-changed',
        actorId: actor.id,
        subjectType: 'staff',
        subjectId: actor.id,
        details: { enabled },
      },
      tx,
    );
  });
}
