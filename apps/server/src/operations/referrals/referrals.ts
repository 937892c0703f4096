import {
  DEFAULT_REFERRAL_ANSWER_WORKING_DAYS,
  disclosureRecipientOf,
  type ReferralInput,
  type ReferralUpdateInput,
  type ReportReferrals,
  referralSchema,
  referralUpdateSchema,
} from '@app/core/casework/referrals';
import { belgianDayOf } from '@app/core/casework/working-days';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { todayInBelgium } from '@app/core/site/dates';
import { isUuid } from '@app/core/site/ids';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { partner, referral } from '../../db/referrals-schema.ts';
import { reportDisclosure } from '../../db/reporter-control-schema.ts';
import { report } from '../../db/schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { type Actor, auditReport, authorize, nowOf, type OperationDeps } from '../operation-context.ts';
import { presentPartner, presentReferral } from '../presenters/referral-presenter.ts';
import { lockReport } from '../reports/report-queries.ts';
import { consentToPassOnOrThrow } from '../reports/sharing-consent.ts';

/**
 * Referrals of a report to partner organisations (decision 0050). Permission: referrals:manage.
 *
 * A referral names the evidence pack that went (one the report's page made, decision 0026) and is
 * allowed only as the reporter's answer allows, by the same check as the pack (decision 0048):
 * never after a "no" or a withdrawal; after "ask me first" (or no answer) only with the day and
 * the way the reporter agreed. Written in the transaction that holds the report, with the line the
 * reporter sees on their follow-up page (`report_disclosure`, kind 'referral') and the audit row.
 */

export const answerWorkingDaysOf = (deps: OperationDeps) =>
  deps.referralAnswerWorkingDays ?? DEFAULT_REFERRAL_ANSWER_WORKING_DAYS;

export async function reportReferrals(deps: OperationDeps, actor: Actor, reportId: string): Promise<ReportReferrals> {
  await authorize(deps, actor, 'referrals:manage');
  const [known] = isUuid(reportId)
    ? await deps.db.select({ id: report.id }).from(report).where(eq(report.id, reportId)).limit(1)
    : [];
  if (!known) throw new AppError('NOT_FOUND');
  const [rows, partners, packs] = await Promise.all([
    deps.db
      .select({ referral, partner, referredBy: staffUser.name })
      .from(referral)
      .innerJoin(partner, eq(partner.id, referral.partnerId))
      .leftJoin(staffUser, eq(staffUser.id, referral.referredBy))
      .where(eq(referral.reportId, reportId))
      .orderBy(asc(referral.sentAt), asc(referral.id)),
    deps.db.select().from(partner).where(isNull(partner.disabledAt)).orderBy(asc(partner.name), asc(partner.id)),
    deps.db
      .select()
      .from(reportDisclosure)
      .where(and(eq(reportDisclosure.reportId, reportId), eq(reportDisclosure.kind, 'evidence-pack')))
      .orderBy(desc(reportDisclosure.occurredAt), desc(reportDisclosure.id)),
  ]);
  const options = { now: nowOf(deps), answerWorkingDays: answerWorkingDaysOf(deps) };
  return {
    referrals: rows.map((row) => presentReferral(deps.encryption, row, options)),
    partners: partners.map((row) => presentPartner(row, 0)),
    packs: packs.flatMap((pack) =>
      pack.packId
        ? [
            {
              packId: pack.packId,
              at: pack.occurredAt.toISOString(),
              recipient: pack.recipient,
              identityIncluded: pack.identityIncluded,
            },
          ]
        : [],
    ),
    answerWorkingDays: options.answerWorkingDays,
  };
}

export async function referReport(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  input: ReferralInput,
): Promise<{ id: string }> {
  await authorize(deps, actor, 'referrals:manage');
  if (!isUuid(reportId)) throw new AppError('NOT_FOUND');
  const now = nowOf(deps);
  const request = parsedOrThrow('referrals', referralSchema(now).safeParse(input));
  return deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, reportId);
    if (row.personalDataErasedAt) throw new AppError('referrals.erased');
    // Held until the transaction ends: a partner disabled meanwhile waits for this referral.
    const [chosen] = await tx.select().from(partner).where(eq(partner.id, request.partner)).for('share').limit(1);
    if (!chosen) throw new AppError('referrals.partnerNotFound');
    if (chosen.disabledAt) throw new AppError('referrals.partnerDisabled');
    const [pack] = await tx
      .select()
      .from(reportDisclosure)
      .where(
        and(
          eq(reportDisclosure.reportId, reportId),
          eq(reportDisclosure.packId, request.pack),
          eq(reportDisclosure.kind, 'evidence-pack'),
        ),
      )
      .limit(1);
    if (!pack?.packId) throw new AppError('referrals.unknownPack');
    // Nothing leaves that the reporter did not allow: a withdrawal, a "no", an "ask me first" not agreed.
    const consent = await consentToPassOnOrThrow(tx, deps.encryption, row, request.agreement !== null);
    const [created] = await tx
      .insert(referral)
      .values({
        reportId,
        partnerId: chosen.id,
        packId: pack.packId,
        identityIncluded: pack.identityIncluded,
        reporterAgreedOn: request.agreement?.on ?? null,
        reporterAgreedVia: request.agreement?.via ?? null,
        referredBy: actor.id,
        sentAt: now,
        updatedAt: now,
      })
      .returning({ id: referral.id });
    if (!created) throw new Error('the referral was not created');
    // What the reporter sees on their follow-up page: to whom, when, and whether their identity went.
    await tx.insert(reportDisclosure).values({
      reportId,
      kind: 'referral',
      recipient: disclosureRecipientOf(chosen.kind),
      identityIncluded: pack.identityIncluded,
      occurredAt: now,
    });
    await auditReport(deps, tx, actor, 'report.referred', reportId, {
      referralId: created.id,
      partnerId: chosen.id,
      partnerKind: chosen.kind,
      packId: pack.packId,
      identityIncluded: pack.identityIncluded,
      consent: consent ?? 'none',
      agreedOn: request.agreement?.on ?? null,
      agreedVia: request.agreement?.via ?? null,
    });
    return created;
  });
}

export async function updateReferral(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  referralId: string,
  input: ReferralUpdateInput,
): Promise<void> {
  await authorize(deps, actor, 'referrals:manage');
  if (!isUuid(reportId) || !isUuid(referralId)) throw new AppError('referrals.notFound');
  const change = parsedOrThrow('referrals', referralUpdateSchema.safeParse(input));
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(referral)
      .where(and(eq(referral.id, referralId), eq(referral.reportId, reportId)))
      .for('update')
      .limit(1);
    if (!current) throw new AppError('referrals.notFound');
    if (current.revision !== change.revision) throw new AppError('referrals.conflict');
    if (current.status !== 'sent' && change.status === 'sent') throw new AppError('referrals.backToSent');
    if (change.outcome !== null && change.status === 'sent') throw new AppError('referrals.outcomeTooEarly');
    const reference = change.reference === '' ? null : change.reference;
    const before = current.reference === null ? null : deps.encryption.openText(current.reference);
    const referenceChanged = before !== reference;
    // The partner's first answer, on the day staff enter (today by default): taken when the
    // referral leaves "sent", corrected later if a day is entered; never in the future, never
    // before the day it was sent.
    const today = todayInBelgium(now);
    const answeredOn = change.status === 'sent' ? null : change.answeredOn || (current.firstAnswerOn ?? today);
    if (answeredOn !== null && answeredOn > today) throw new AppError('referrals.answerDateInvalid');
    if (answeredOn !== null && answeredOn < belgianDayOf(current.sentAt)) {
      throw new AppError('referrals.answerBeforeSent');
    }
    const answerDayChanged = answeredOn !== current.firstAnswerOn;
    if (
      current.status === change.status &&
      current.outcome === change.outcome &&
      !referenceChanged &&
      !answerDayChanged
    ) {
      return;
    }
    const updated = await tx
      .update(referral)
      .set({
        status: change.status,
        outcome: change.outcome,
        reference: referenceChanged ? (reference === null ? null : deps.encryption.sealText(reference)) : undefined,
        // The partner's first answer: the first time the referral left "sent".
        firstAnswerAt: current.firstAnswerAt ?? (change.status === 'sent' ? null : now),
        firstAnswerOn: answeredOn,
        closedAt: change.status === 'closed' ? (current.closedAt ?? now) : null,
        outcomeAt: change.outcome === null ? null : change.outcome === current.outcome ? current.outcomeAt : now,
        revision: sql`${referral.revision} + 1`,
        updatedAt: now,
      })
      .where(and(eq(referral.id, referralId), eq(referral.revision, change.revision)))
      .returning({ id: referral.id });
    if (updated.length !== 1) throw new AppError('referrals.conflict');
    await auditReport(deps, tx, actor, 'report.referral-updated', reportId, {
      referralId,
      statusFrom: current.status,
      statusTo: change.status,
      outcomeFrom: current.outcome,
      outcomeTo: change.outcome,
      referenceChanged,
      answeredOnFrom: current.firstAnswerOn,
      answeredOnTo: answeredOn,
    });
  });
}
