import type { ReportSupport } from '@app/core/casework/support';
import {
  type SafetyPlanInput,
  type SupportNeedsInput,
  type SupportServiceInput,
  type SupportWithdrawalInput,
  safetyPlanSchema,
  supportNeedsSchema,
  supportServiceSchema,
  supportWithdrawalSchema,
} from '@app/core/casework/support.schema';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { isUuid } from '@app/core/site/ids';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { partner } from '../../db/referrals-schema.ts';
import { report } from '../../db/schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { reportSupport, supportFeedback, supportNeed, supportService } from '../../db/support-schema.ts';
import { type Actor, auditReport, authorize, nowOf, type OperationDeps, type Tx } from '../operation-context.ts';
import { presentSupport } from '../presenters/support-presenter.ts';
import { lockReport } from '../reports/report-queries.ts';

/**
 * Support given on a report (decision 0053): the needs raised, the services given for them and by
 * whom, and the safety plan (sealed). Coordinators and admins (`support:manage`) read and write;
 * each change is a guarded write in the transaction that holds the report, with its audit row,
 * which never carries what was written.
 */

export async function reportSupportOf(deps: OperationDeps, actor: Actor, reportId: string): Promise<ReportSupport> {
  await authorize(deps, actor, 'reports:manage');
  const [known] = isUuid(reportId)
    ? await deps.db.select({ id: report.id }).from(report).where(eq(report.id, reportId)).limit(1)
    : [];
  if (!known) throw new AppError('NOT_FOUND');
  const provider = alias(staffUser, 'support_provider');
  const withdrawer = alias(staffUser, 'support_withdrawer');
  const [support, needs, services, feedback, members, partners] = await Promise.all([
    deps.db.select().from(reportSupport).where(eq(reportSupport.reportId, reportId)).limit(1),
    deps.db
      .select({ need: supportNeed.need })
      .from(supportNeed)
      .where(eq(supportNeed.reportId, reportId))
      .orderBy(asc(supportNeed.recordedAt), asc(supportNeed.need)),
    deps.db
      .select({
        service: supportService,
        memberName: provider.name,
        partnerName: partner.name,
        withdrawnByName: withdrawer.name,
      })
      .from(supportService)
      .leftJoin(provider, eq(provider.id, supportService.providerStaffId))
      .leftJoin(withdrawer, eq(withdrawer.id, supportService.withdrawnBy))
      .leftJoin(partner, eq(partner.id, supportService.partnerId))
      .where(eq(supportService.reportId, reportId))
      .orderBy(asc(supportService.givenOn), asc(supportService.recordedAt)),
    deps.db.select().from(supportFeedback).where(eq(supportFeedback.reportId, reportId)).limit(1),
    deps.db
      .select({ id: staffUser.id, name: staffUser.name })
      .from(staffUser)
      .where(eq(staffUser.banned, false))
      .orderBy(asc(staffUser.name)),
    deps.db
      .select({ id: partner.id, name: partner.name })
      .from(partner)
      .where(isNull(partner.disabledAt))
      .orderBy(asc(partner.name)),
  ]);
  return presentSupport(deps.encryption, actor.role, {
    support: support[0],
    needs: needs.map((row) => row.need),
    services,
    feedback: feedback[0],
    members,
    partners,
  });
}

/**
 * The support row of a locked report, its revision checked against the one the page showed and
 * raised (created at revision 1 the first time). A lost race is `support.conflict`.
 */
async function claimRevision(tx: Tx, actor: Actor, reportId: string, shown: number, now: Date) {
  const [current] = await tx
    .select({ revision: reportSupport.revision, safetyPlan: reportSupport.safetyPlan })
    .from(reportSupport)
    .where(eq(reportSupport.reportId, reportId))
    .for('update')
    .limit(1);
  if (!current) {
    if (shown !== 1) throw new AppError('support.conflict');
    await tx.insert(reportSupport).values({ reportId, revision: 2, updatedBy: actor.id, updatedAt: now });
    return { safetyPlan: null };
  }
  const updated = await tx
    .update(reportSupport)
    .set({ revision: sql`${reportSupport.revision} + 1`, updatedBy: actor.id, updatedAt: now })
    .where(and(eq(reportSupport.reportId, reportId), eq(reportSupport.revision, shown)))
    .returning({ id: reportSupport.id });
  if (updated.length !== 1) throw new AppError('support.conflict');
  return current;
}

/**
 * What every support write checks first, in this order: the permission (a refusal is audited),
 * an id that can name a report, then the form (`parse`, given the moment of the change).
 */
async function beginChange<Change>(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  parse: (now: Date) => Change,
): Promise<{ change: Change; now: Date }> {
  await authorize(deps, actor, 'support:manage');
  if (!isUuid(reportId)) throw new AppError('NOT_FOUND');
  const now = nowOf(deps);
  return { change: parse(now), now };
}

const lockWritable = async (tx: Tx, reportId: string) => {
  const row = await lockReport(tx, reportId);
  if (row.personalDataErasedAt) throw new AppError('support.erased');
  return row;
};

export async function setSupportNeeds(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  input: SupportNeedsInput,
): Promise<void> {
  const { change, now } = await beginChange(deps, actor, reportId, () =>
    parsedOrThrow('support', supportNeedsSchema.safeParse(input)),
  );
  await deps.db.transaction(async (tx) => {
    await lockWritable(tx, reportId);
    await claimRevision(tx, actor, reportId, change.revision, now);
    const before = (
      await tx.select({ need: supportNeed.need }).from(supportNeed).where(eq(supportNeed.reportId, reportId))
    ).map((row) => row.need);
    const removed = before.filter((need) => !change.needs.includes(need));
    const added = change.needs.filter((need) => !before.includes(need));
    if (removed.length > 0) {
      // A need with services given stays: the services answer it (and the foreign key holds it too).
      const [used] = await tx
        .select({ id: supportService.id })
        .from(supportService)
        .where(and(eq(supportService.reportId, reportId), inArray(supportService.need, removed)))
        .limit(1);
      if (used) throw new AppError('support.needInUse');
      await tx.delete(supportNeed).where(and(eq(supportNeed.reportId, reportId), inArray(supportNeed.need, removed)));
    }
    if (added.length > 0) {
      await tx.insert(supportNeed).values(added.map((need) => ({ reportId, need, recordedAt: now })));
    }
    if (removed.length === 0 && added.length === 0) return;
    await auditReport(deps, tx, actor, 'report.support-needs-changed', reportId, {
      before: [...before].sort().join(','),
      after: [...change.needs].sort().join(','),
    });
  });
}

export async function addSupportService(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  input: SupportServiceInput,
): Promise<{ id: string }> {
  const { change: service, now } = await beginChange(deps, actor, reportId, (at) =>
    parsedOrThrow('support', supportServiceSchema(at).safeParse(input)),
  );
  return deps.db.transaction(async (tx) => {
    await lockWritable(tx, reportId);
    const [raised] = await tx
      .select({ need: supportNeed.need })
      .from(supportNeed)
      .where(and(eq(supportNeed.reportId, reportId), eq(supportNeed.need, service.need)))
      .for('share')
      .limit(1);
    if (!raised) throw new AppError('support.needNotRaised');
    let providerStaffId: string | null = null;
    let partnerId: string | null = null;
    if (service.provider === 'staff') {
      const [member] = await tx
        .select({ id: staffUser.id })
        .from(staffUser)
        .where(and(eq(staffUser.id, service.member), eq(staffUser.banned, false)))
        .limit(1);
      if (!member) throw new AppError('support.memberNotFound');
      providerStaffId = member.id;
    } else {
      // Held until the transaction ends: a partner disabled meanwhile waits for this row.
      const [chosen] = await tx
        .select({ id: partner.id })
        .from(partner)
        .where(and(eq(partner.id, service.partner), isNull(partner.disabledAt)))
        .for('share')
        .limit(1);
      if (!chosen) throw new AppError('support.partnerNotFound');
      partnerId = chosen.id;
    }
    const [created] = await tx
      .insert(supportService)
      .values({
        reportId,
        need: service.need,
        description: deps.encryption.sealText(service.description),
        provider: service.provider,
        providerStaffId,
        partnerId,
        givenOn: service.givenOn,
        recordedBy: actor.id,
        recordedAt: now,
      })
      .returning({ id: supportService.id });
    if (!created) throw new Error('the service was not recorded');
    await auditReport(deps, tx, actor, 'report.support-service-added', reportId, {
      serviceId: created.id,
      need: service.need,
      provider: service.provider,
      providerStaffId,
      partnerId,
      givenOn: service.givenOn,
    });
    return created;
  });
}

export async function setSafetyPlan(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  input: SafetyPlanInput,
): Promise<void> {
  const { change, now } = await beginChange(deps, actor, reportId, () =>
    parsedOrThrow('support', safetyPlanSchema.safeParse(input)),
  );
  await deps.db.transaction(async (tx) => {
    await lockWritable(tx, reportId);
    const current = await claimRevision(tx, actor, reportId, change.revision, now);
    const before = current.safetyPlan === null ? '' : deps.encryption.openText(current.safetyPlan);
    if (before === change.plan) return;
    await tx
      .update(reportSupport)
      .set({ safetyPlan: change.plan === '' ? null : deps.encryption.sealText(change.plan) })
      .where(eq(reportSupport.reportId, reportId));
    // Never the plan itself: only whether there is one now.
    await auditReport(deps, tx, actor, 'report.safety-plan-changed', reportId, { empty: change.plan === '' });
  });
}

/**
 * Withdraws a service recorded by mistake (decision 0053, amended): never deleted, it stays on the
 * report marked withdrawn, with when, by whom and why (sealed), and the statistics leave it out. A
 * guarded update of a service still standing, in the transaction that holds the report, audited
 * without the reason.
 */
export async function withdrawSupportService(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  serviceId: string,
  input: SupportWithdrawalInput,
): Promise<void> {
  const {
    change: { reason },
    now,
  } = await beginChange(deps, actor, reportId, () =>
    parsedOrThrow('support', supportWithdrawalSchema.safeParse(input)),
  );
  await deps.db.transaction(async (tx) => {
    await lockWritable(tx, reportId);
    const [withdrawn] = isUuid(serviceId)
      ? await tx
          .update(supportService)
          .set({ withdrawnAt: now, withdrawnBy: actor.id, withdrawalReason: deps.encryption.sealText(reason) })
          .where(
            and(
              eq(supportService.id, serviceId),
              eq(supportService.reportId, reportId),
              isNull(supportService.withdrawnAt),
            ),
          )
          .returning({ id: supportService.id, need: supportService.need })
      : [];
    if (!withdrawn) {
      const [known] = isUuid(serviceId)
        ? await tx
            .select({ id: supportService.id })
            .from(supportService)
            .where(and(eq(supportService.id, serviceId), eq(supportService.reportId, reportId)))
            .limit(1)
        : [];
      throw new AppError(known ? 'support.alreadyWithdrawn' : 'support.serviceNotFound');
    }
    await auditReport(deps, tx, actor, 'report.support-service-withdrawn', reportId, {
      serviceId: withdrawn.id,
      need: withdrawn.need,
    });
  });
}
