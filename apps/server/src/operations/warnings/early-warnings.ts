import { AppError } from '@app/core/errors/app-error';
import { isUuid } from '@app/core/site/ids';
import type { EarlyWarningAcknowledgement } from '@app/core/staff/early-warnings';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { earlyWarning, earlyWarningFactColumns } from '../../db/early-warning-schema.ts';
import { incidentTag } from '../../db/schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import type { EarlyWarningRow } from '../presenters/early-warning-presenter.ts';

/** More than a real week holds; the reports list has the rest. */
const SHOWN = 50;

/**
 * The early warnings the dashboard shows (decision 0052): not yet acknowledged, or grown since,
 * newest first. Called by `viewDashboard` for roles that may acknowledge them.
 */
export function findEarlyWarnings({ db }: OperationDeps): Promise<EarlyWarningRow[]> {
  return db
    .select({
      ...earlyWarningFactColumns,
      raisedAt: earlyWarning.raisedAt,
      acknowledgedCount: earlyWarning.acknowledgedCount,
    })
    .from(earlyWarning)
    .leftJoin(incidentTag, eq(incidentTag.id, earlyWarning.tagId))
    .where(lt(earlyWarning.acknowledgedCount, earlyWarning.incidentCount))
    .orderBy(desc(earlyWarning.updatedAt))
    .limit(SHOWN);
}

/**
 * A coordinator acknowledges an early warning at the count the dashboard showed: it leaves the
 * dashboard until more incidents join it. A guarded update: only if the count is still the one
 * shown and not acknowledged yet (a colleague who was quicker, or a warning that grew under the
 * page, is `warnings.conflict`; no such warning, `warnings.notFound`). The audit row is written in
 * the same transaction. Permission: warnings:acknowledge.
 */
export async function acknowledgeEarlyWarning(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: EarlyWarningAcknowledgement,
): Promise<void> {
  await authorize(deps, actor, 'warnings:acknowledge');
  if (!isUuid(id)) throw new AppError('warnings.notFound');
  const count = Number(input.count);
  if (!Number.isInteger(count) || count < 1) throw new AppError('warnings.conflict');
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(earlyWarning)
      .set({ acknowledgedCount: count, acknowledgedAt: sql`now()`, acknowledgedBy: actor.id })
      .where(
        and(eq(earlyWarning.id, id), eq(earlyWarning.incidentCount, count), lt(earlyWarning.acknowledgedCount, count)),
      )
      .returning({ id: earlyWarning.id, rule: earlyWarning.rule });
    if (!done) {
      const [exists] = await tx.select({ id: earlyWarning.id }).from(earlyWarning).where(eq(earlyWarning.id, id));
      throw new AppError(exists ? 'warnings.conflict' : 'warnings.notFound');
    }
    await deps.audit.record(
      {
        action: 'early-warning.acknowledged',
        actorId: actor.id,
        subjectType: 'early-warning',
        subjectId: id,
        details: { rule: done.rule, count },
      },
      tx,
    );
  });
}
