import { type PartnerInput, type PartnerView, partnerSchema, revisionSchema } from '@app/core/casework/referrals';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { isUuid } from '@app/core/site/ids';
import type { AuditAction } from '@app/core/staff/staff';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { partner } from '../../db/referrals-schema.ts';
import { type Actor, authorize, nowOf, type OperationDeps, type Tx } from '../operation-context.ts';
import { presentPartner } from '../presenters/referral-presenter.ts';

/**
 * The directory of partner organisations (decision 0050), kept by admins: name, kind, contact and
 * what they accept. Changed in place; disabled rather than deleted, so the referrals that name a
 * partner keep it (and the database refuses to delete a partner a referral names). Every change
 * names the revision the page showed (a guarded update: `referrals.conflict` when someone changed
 * it first) and writes its audit row in the same transaction. Permission: partners:manage.
 */

export async function listPartners(deps: OperationDeps, actor: Actor): Promise<PartnerView[]> {
  await authorize(deps, actor, 'partners:manage');
  const rows = await deps.db
    // Written out: inside a subquery drizzle names columns without their table.
    .select({
      partner,
      referrals: sql<number>`(select count(*)::int from referral where referral.partner_id = partner.id)`,
    })
    .from(partner)
    .orderBy(asc(partner.name), asc(partner.id));
  return rows.map((row) => presentPartner(row.partner, row.referrals));
}

export async function createPartner(deps: OperationDeps, actor: Actor, input: PartnerInput): Promise<{ id: string }> {
  await authorize(deps, actor, 'partners:manage');
  const values = parsedOrThrow('referrals', partnerSchema.safeParse(input));
  return deps.db.transaction(async (tx) => {
    const [created] = await tx.insert(partner).values(values).returning({ id: partner.id });
    if (!created) throw new Error('the partner was not created');
    await auditPartner(deps, tx, actor, 'partner.created', created.id, values);
    return created;
  });
}

export async function updatePartner(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: PartnerInput & { revision: string },
): Promise<void> {
  await authorize(deps, actor, 'partners:manage');
  const values = parsedOrThrow('referrals', partnerSchema.safeParse(input));
  const revision = parsedOrThrow('referrals', revisionSchema.safeParse(input.revision));
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(partner)
      .set({ ...values, revision: sql`${partner.revision} + 1`, updatedAt: nowOf(deps) })
      .where(and(eq(partner.id, await existing(tx, id)), eq(partner.revision, revision)))
      .returning({ id: partner.id });
    if (updated.length !== 1) throw new AppError('referrals.conflict');
    await auditPartner(deps, tx, actor, 'partner.changed', id, values);
  });
}

export async function setPartnerDisabled(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: { disabled: boolean; revision: string },
): Promise<void> {
  await authorize(deps, actor, 'partners:manage');
  const revision = parsedOrThrow('referrals', revisionSchema.safeParse(input.revision));
  await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(partner)
      .set({
        disabledAt: input.disabled ? nowOf(deps) : null,
        revision: sql`${partner.revision} + 1`,
        updatedAt: nowOf(deps),
      })
      .where(
        and(
          eq(partner.id, await existing(tx, id)),
          eq(partner.revision, revision),
          input.disabled ? isNull(partner.disabledAt) : isNotNull(partner.disabledAt),
        ),
      )
      .returning({ name: partner.name, kind: partner.kind });
    if (!changed) throw new AppError('referrals.conflict');
    await auditPartner(deps, tx, actor, input.disabled ? 'partner.disabled' : 'partner.enabled', id, changed);
  });
}

/** The partner's id, when such a partner exists (`referrals.partnerNotFound` otherwise). */
async function existing(tx: Tx, id: string): Promise<string> {
  const [row] = isUuid(id) ? await tx.select({ id: partner.id }).from(partner).where(eq(partner.id, id)).limit(1) : [];
  if (!row) throw new AppError('referrals.partnerNotFound');
  return row.id;
}

function auditPartner(
  deps: OperationDeps,
  tx: Tx,
  actor: Actor,
  action: AuditAction,
  id: string,
  values: { name: string; kind: string },
) {
  return deps.audit.record(
    {
      action,
      actorId: actor.id,
      subjectType: 'partner',
      subjectId: id,
      details: { name: values.name, kind: values.kind },
    },
    tx,
  );
}
