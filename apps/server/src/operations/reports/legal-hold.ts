import {
  holdReviewDueAt,
  type LegalHoldInput,
  type LegalHoldView,
  legalHoldSchema,
  type RetentionPeriods,
} from '@app/core/casework/retention';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { eq, sql } from 'drizzle-orm';
import { legalHold } from '../../db/retention-schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { erasureSchedule } from '../../services/retention/erasure-schedule.ts';
import { type Actor, auditReport, authorize, nowOf, type OperationDeps, type Tx } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

/**
 * The legal hold on a case under proceedings (decision 0040): while it stands, retention erases
 * nothing of the report. A coordinator sets it with a reason (sealed; never in the audit log),
 * reviews it at least once a year, and lifts it when the proceedings end. Each step locks the
 * report, writes with a guarded statement and audits in the same transaction. Permission:
 * reports:manage.
 */
export async function setLegalHold(deps: OperationDeps, actor: Actor, id: string, input: LegalHoldInput) {
  await authorize(deps, actor, 'reports:manage');
  const hold = parsedOrThrow('casework', legalHoldSchema.safeParse(input));
  await deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (row.personalDataErasedAt) throw new AppError('casework.alreadyErased');
    const [written] = await tx
      .insert(legalHold)
      .values({ reportId: id, reason: deps.encryption.sealText(hold.reason), setBy: actor.id, setAt: nowOf(deps) })
      .onConflictDoNothing({ target: legalHold.reportId })
      .returning({ id: legalHold.id });
    if (!written) throw new AppError('casework.holdAlreadySet');
    await auditReport(deps, tx, actor, 'report.legal-hold-set', id, { hold: written.id });
  });
}

/** The yearly review: the hold still stands, and is next due a year from now. */
export function reviewLegalHold(deps: OperationDeps, actor: Actor, id: string) {
  return changeLegalHold(deps, actor, id, 'report.legal-hold-reviewed', async (tx) => {
    const [reviewed] = await tx
      .update(legalHold)
      .set({ reviewedBy: actor.id, reviewedAt: sql`greatest(${nowOf(deps)}::timestamptz, ${legalHold.setAt})` })
      .where(eq(legalHold.reportId, id))
      .returning({ id: legalHold.id });
    return reviewed;
  });
}

/** The proceedings are over: retention applies again from its next run. */
export function liftLegalHold(deps: OperationDeps, actor: Actor, id: string) {
  return changeLegalHold(deps, actor, id, 'report.legal-hold-lifted', async (tx) => {
    const [lifted] = await tx.delete(legalHold).where(eq(legalHold.reportId, id)).returning({ id: legalHold.id });
    return lifted;
  });
}

/**
 * A change to a hold that stands, as the review and the lift make it: the report locked, the change
 * (which gives back the hold it changed), `casework.noHold` when there was none, and the audit row
 * naming the hold, in one transaction.
 */
async function changeLegalHold(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  action: 'report.legal-hold-reviewed' | 'report.legal-hold-lifted',
  change: (tx: Tx) => Promise<{ id: string } | undefined>,
): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  await deps.db.transaction(async (tx) => {
    await lockReport(tx, id);
    const hold = await change(tx);
    if (!hold) throw new AppError('casework.noHold');
    await auditReport(deps, tx, actor, action, id, { hold: hold.id });
  });
}

/** What the report's page shows of retention: its hold, or the day its personal data falls due. */
export async function reportRetention(
  deps: OperationDeps,
  id: string,
): Promise<{ legalHold: LegalHoldView | null; erasureDueAt: string | null }> {
  const [hold] = await deps.db
    .select({ hold: legalHold, setBy: staffUser.name })
    .from(legalHold)
    .leftJoin(staffUser, eq(staffUser.id, legalHold.setBy))
    .where(eq(legalHold.reportId, id));
  if (hold) return { legalHold: presentHold(deps, hold.hold, hold.setBy), erasureDueAt: null };
  const dueAt = await erasureSchedule(periodsOf(deps)).of(deps.db, id);
  return { legalHold: null, erasureDueAt: dueAt?.toISOString() ?? null };
}

export function periodsOf(deps: OperationDeps): RetentionPeriods {
  return deps.retentionPeriods ?? { rejected: 24, closed: 24 };
}

function presentHold(deps: OperationDeps, hold: typeof legalHold.$inferSelect, setBy: string | null): LegalHoldView {
  const dueAt = holdReviewDueAt(hold.setAt, hold.reviewedAt);
  return {
    reason: deps.encryption.openText(hold.reason),
    setAt: hold.setAt.toISOString(),
    setBy,
    reviewedAt: hold.reviewedAt?.toISOString() ?? null,
    reviewDueAt: dueAt.toISOString(),
    reviewDue: dueAt <= nowOf(deps),
  };
}
