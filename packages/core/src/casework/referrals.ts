import type { CodeOf } from '../errors/error-codes.ts';
import type { IncidentType } from '../forms/incident-types.ts';
import { z } from '../forms/zod.ts';
import { isCalendarDate, todayInBelgium } from '../site/dates.ts';
import { isUuid } from '../site/ids.ts';
import type { DisclosureRecipient } from './reporter-control.ts';

/**
 * Partners and referrals (issue 26 items 1 and 2, decision 0050). Admins keep a directory of the
 * organisations a case can be referred to; a coordinator refers a report to an enabled partner
 * with an evidence pack already made, as the reporter's answer allows (decision 0048), and records
 * later what the partner did with it. Every closed set here is also a CHECK in the database.
 */

/** The kinds of partner organisation. */
export const PARTNER_KINDS = [
  'police-zone',
  'public-prosecutor',
  'unia',
  'victim-support',
  'legal-aid',
  'psychological-help',
  'other-monitor',
  'other',
] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** Where a referral stands: sent (no answer yet), acknowledged, in progress, closed. */
export const REFERRAL_STATUSES = ['sent', 'acknowledged', 'in-progress', 'closed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** What came of it, as far as the partner told us. */
export const REFERRAL_OUTCOMES = [
  'complaint-filed',
  'investigation',
  'prosecution',
  'conviction',
  'acquittal',
  'dropped',
  'mediation',
  'unknown',
] as const;
export type ReferralOutcome = (typeof REFERRAL_OUTCOMES)[number];

/** How the coordinator heard the reporter agree, after "ask me first". */
export const AGREEMENT_CHANNELS = ['thread', 'phone', 'in-person'] as const;
export type AgreementChannel = (typeof AGREEMENT_CHANNELS)[number];

/** Without a first answer after this many Belgian working days, the referral comes due (REFERRAL_ANSWER_WORKING_DAYS). */
export const DEFAULT_REFERRAL_ANSWER_WORKING_DAYS = 10;

export const PARTNER_NAME_MAX_LENGTH = 120;
export const PARTNER_CONTACT_MAX_LENGTH = 500;
export const PARTNER_ACCEPTS_MAX_LENGTH = 1000;
export const REFERRAL_REFERENCE_MAX_LENGTH = 100;

/** Errors of partners and referrals (`referrals.errors.<code>`). */
export type ReferralErrorCode = CodeOf<'referrals'>;

/** To whom the reporter's list of what was shared says the report went (decision 0046). */
export function disclosureRecipientOf(kind: PartnerKind): DisclosureRecipient {
  if (kind === 'police-zone') return 'police';
  if (kind === 'unia') return 'unia';
  return 'partner';
}

const tidy = (value: string) => value.trim().replace(/[ \t]+/g, ' ');
const optionalText = (max: number, code: 'contactTooLong' | 'acceptsTooLong' | 'referenceTooLong') =>
  z
    .string()
    .optional()
    .transform((value) => tidy(value ?? ''))
    .pipe(z.string().max(max, code));

/** A partner as the admins' form sends it. */
export const partnerSchema = z.object({
  name: z
    .string('nameRequired')
    .transform((value) => tidy(value).replace(/\s+/g, ' '))
    .pipe(z.string().min(1, 'nameRequired').max(PARTNER_NAME_MAX_LENGTH, 'nameTooLong')),
  kind: z.enum(PARTNER_KINDS, 'invalidChoice'),
  contact: optionalText(PARTNER_CONTACT_MAX_LENGTH, 'contactTooLong'),
  accepts: optionalText(PARTNER_ACCEPTS_MAX_LENGTH, 'acceptsTooLong'),
});
export type PartnerInput = { name: string; kind: string; contact?: string; accepts?: string };

/** A change names the revision the page showed: if someone changed it since, `conflict`. */
export const revisionSchema = z.coerce.number('conflict').int('conflict').min(1, 'conflict');

/**
 * A new referral: the partner, the evidence pack that went (one of the report's), and, for a
 * reporter who answered "ask me first" (or was never asked), when and how they agreed. Both or
 * neither; a day in Belgium not after today.
 */
export function referralSchema(now: Date = new Date()) {
  const today = todayInBelgium(now);
  return z
    .object({
      partner: z.string('partnerNotFound').trim().toLowerCase().refine(isUuid, 'partnerNotFound'),
      pack: z.string('packRequired').trim().toLowerCase().min(1, 'packRequired').refine(isUuid, 'unknownPack'),
      agreedOn: z
        .string()
        .optional()
        .transform((value) => value?.trim() ?? '')
        .refine((value) => value === '' || (isCalendarDate(value) && value <= today), 'agreementDateInvalid'),
      agreedVia: z
        .string()
        .optional()
        .transform((value) => value?.trim() ?? '')
        .refine((value) => value === '' || (AGREEMENT_CHANNELS as readonly string[]).includes(value), 'invalidChoice'),
    })
    .superRefine((value, context) => {
      if ((value.agreedOn === '') !== (value.agreedVia === '')) {
        context.addIssue({ code: 'custom', path: ['agreedOn'], message: 'agreementIncomplete' });
      }
    })
    .transform((value) => ({
      partner: value.partner,
      pack: value.pack,
      agreement:
        value.agreedOn && value.agreedVia ? { on: value.agreedOn, via: value.agreedVia as AgreementChannel } : null,
    }));
}
export type ReferralInput = { partner: string; pack: string; agreedOn?: string; agreedVia?: string };

/** What staff record later: where it stands, the partner's reference, the outcome (empty: not known yet). */
export const referralUpdateSchema = z.object({
  revision: revisionSchema,
  status: z.enum(REFERRAL_STATUSES, 'invalidChoice'),
  reference: optionalText(REFERRAL_REFERENCE_MAX_LENGTH, 'referenceTooLong'),
  outcome: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? '')
    .refine((value) => value === '' || (REFERRAL_OUTCOMES as readonly string[]).includes(value), 'invalidChoice')
    .transform((value) => (value === '' ? null : (value as ReferralOutcome))),
  /**
   * The day the partner first answered (YYYY-MM-DD; empty: today), taken when the status leaves
   * "sent" and kept after; the operation checks it against today and the day the referral was sent.
   */
  answeredOn: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? '')
    .refine((value) => value === '' || isCalendarDate(value), 'answerDateInvalid'),
});
export type ReferralUpdateInput = {
  revision: string;
  status: string;
  reference?: string;
  outcome?: string;
  answeredOn?: string;
};

/** A partner as the admins' page and the referral form show it. */
export type PartnerView = {
  id: string;
  name: string;
  kind: PartnerKind;
  contact: string;
  accepts: string;
  disabled: boolean;
  revision: number;
  /** How many referrals name it (a partner with referrals is never deleted, only disabled). */
  referrals: number;
};

/** One referral of a report. */
export type ReferralView = {
  id: string;
  partner: { id: string; name: string; kind: PartnerKind; disabled: boolean };
  packId: string;
  identityIncluded: boolean;
  sentAt: string;
  referredBy: string | null;
  /** After "ask me first": the day and the way the reporter agreed. */
  agreement: { on: string; via: AgreementChannel } | null;
  reference: string | null;
  status: ReferralStatus;
  outcome: ReferralOutcome | null;
  firstAnswerAt: string | null;
  /** The day the partner first answered, as staff entered it; null while unanswered. */
  firstAnswerOn: string | null;
  closedAt: string | null;
  outcomeAt: string | null;
  revision: number;
  /** The instant the partner's first answer is due (working days from `sentAt`). */
  answerDueAt: string;
  /** Still "sent" and past `answerDueAt`. */
  isOverdue: boolean;
};

/** An evidence pack of the report that a referral can name. */
export type ReferablePack = { packId: string; at: string; recipient: DisclosureRecipient; identityIncluded: boolean };

/** The report page's referral panel. */
export type ReportReferrals = {
  referrals: ReferralView[];
  /** The enabled partners, by name. */
  partners: PartnerView[];
  /** The report's evidence packs, newest first. */
  packs: ReferablePack[];
  answerWorkingDays: number;
};

/** A referral without an answer past its time, on the dashboard. */
export type DueReferral = {
  id: string;
  reportId: string;
  reportReceivedAt: string;
  incidentType: IncidentType;
  partnerName: string;
  sentAt: string;
  answerDueAt: string;
};

type Count = { key: string; count: number };

/** The staff statistics of referrals sent within the period (no report, no person). */
export type ReferralStats = {
  total: number;
  byPartner: (Count & { name: string })[];
  byStatus: Count[];
  /** `''`: no outcome recorded yet. */
  byOutcome: Count[];
  answered: number;
  /** Working days from sending to the partner's first answer, median by nearest rank; null with none answered. */
  medianWorkingDaysToAnswer: number | null;
};
