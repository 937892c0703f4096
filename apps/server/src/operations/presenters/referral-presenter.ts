import type { DueReferral, PartnerView, ReferralView } from '@app/core/casework/referrals';
import { addWorkingDays } from '@app/core/casework/working-days';
import type { IncidentType } from '@app/core/forms/incident-types';
import type { Encryption } from '../../crypto/encryption.ts';
import type { partner, referral } from '../../db/referrals-schema.ts';

type PartnerRow = typeof partner.$inferSelect;
type ReferralRow = typeof referral.$inferSelect;

/** A partner of the directory, for the admins' page and the referral form. */
export function presentPartner(row: PartnerRow, referrals: number): PartnerView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    contact: row.contact,
    accepts: row.accepts,
    disabled: row.disabledAt !== null,
    revision: row.revision,
    referrals,
  };
}

/**
 * A report's referral for its page (roles that may refer only): the partner's reference is opened
 * here and nowhere else; when the first answer is due, and whether it is overdue.
 */
export function presentReferral(
  encryption: Encryption,
  row: { referral: ReferralRow; partner: PartnerRow; referredBy: string | null },
  options: { now: Date; answerWorkingDays: number },
): ReferralView {
  const { referral: item } = row;
  const answerDueAt = addWorkingDays(item.sentAt, options.answerWorkingDays);
  return {
    id: item.id,
    partner: {
      id: row.partner.id,
      name: row.partner.name,
      kind: row.partner.kind,
      disabled: row.partner.disabledAt !== null,
    },
    packId: item.packId,
    identityIncluded: item.identityIncluded,
    sentAt: item.sentAt.toISOString(),
    referredBy: row.referredBy,
    agreement:
      item.reporterAgreedOn && item.reporterAgreedVia
        ? { on: item.reporterAgreedOn, via: item.reporterAgreedVia }
        : null,
    reference: item.reference === null ? null : encryption.openText(item.reference),
    status: item.status,
    outcome: item.outcome,
    firstAnswerAt: item.firstAnswerAt?.toISOString() ?? null,
    firstAnswerOn: item.firstAnswerOn ?? null,
    closedAt: item.closedAt?.toISOString() ?? null,
    outcomeAt: item.outcomeAt?.toISOString() ?? null,
    revision: item.revision,
    answerDueAt: answerDueAt.toISOString(),
    isOverdue: item.status === 'sent' && answerDueAt.getTime() <= options.now.getTime(),
  };
}

/** The dashboard's referrals past their time: dates, type and the partner's name; nothing of the report. */
export function presentDueReferrals(
  rows: {
    id: string;
    reportId: string;
    reportReceivedAt: Date;
    incidentType: IncidentType;
    partnerName: string;
    sentAt: Date;
  }[],
  answerWorkingDays: number,
): DueReferral[] {
  return rows.map((row) => ({
    id: row.id,
    reportId: row.reportId,
    reportReceivedAt: row.reportReceivedAt.toISOString(),
    incidentType: row.incidentType,
    partnerName: row.partnerName,
    sentAt: row.sentAt.toISOString(),
    answerDueAt: addWorkingDays(row.sentAt, answerWorkingDays).toISOString(),
  }));
}
