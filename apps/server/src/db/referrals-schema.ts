import {
  AGREEMENT_CHANNELS,
  type AgreementChannel,
  PARTNER_ACCEPTS_MAX_LENGTH,
  PARTNER_CONTACT_MAX_LENGTH,
  PARTNER_KINDS,
  PARTNER_NAME_MAX_LENGTH,
  type PartnerKind,
  REFERRAL_OUTCOMES,
  REFERRAL_STATUSES,
  type ReferralOutcome,
  type ReferralStatus,
} from '@app/core/casework/referrals';
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf, rule } from './constraints.ts';
import { reportDisclosure } from './reporter-control-schema.ts';
import { report } from './schema.ts';
import { staffUser } from './staff-schema.ts';

/** A sealed reference of at most 100 characters stays well under this. */
const SEALED_REFERENCE_MAX_CHARS = 1_000;

/**
 * An organisation a case can be referred to (decision 0050), kept by admins: its name, kind,
 * contact and what it accepts, in the staff's language. Disabled rather than deleted: the
 * referrals that name it keep it (the foreign key of `referral` restricts a delete).
 */
export const partner = pgTable(
  'partner',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').$type<PartnerKind>().notNull(),
    contact: text('contact').notNull().default(''),
    accepts: text('accepts').notNull().default(''),
    /** When an admin took it off the list of partners to refer to; null while it is offered. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Raised by every change: the forms name it, so no change overwrites another. */
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('partner_kind_check', isOneOf('kind', PARTNER_KINDS)),
    check('partner_revision_check', rule(`"revision" >= 1`)),
    check('partner_name_check', rule(`char_length("name") between 1 and ${PARTNER_NAME_MAX_LENGTH}`)),
    check('partner_contact_check', rule(`char_length("contact") <= ${PARTNER_CONTACT_MAX_LENGTH}`)),
    check('partner_accepts_check', rule(`char_length("accepts") <= ${PARTNER_ACCEPTS_MAX_LENGTH}`)),
  ],
);

/**
 * A report referred to a partner (decision 0050): the evidence pack that went (one of the report's,
 * by the composite key to `report_disclosure`), whether it held the identity, the reporter's
 * agreement after "ask me first" (day and way), the partner's reference (sealed), where it stands
 * and what came of it, with the dates. `first_answer_at` is the first time it left "sent".
 */
export const referral = pgTable(
  'referral',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partner.id, { onDelete: 'restrict' }),
    packId: uuid('pack_id').notNull(),
    identityIncluded: boolean('identity_included').notNull(),
    reporterAgreedOn: date('reporter_agreed_on', { mode: 'string' }),
    reporterAgreedVia: text('reporter_agreed_via').$type<AgreementChannel>(),
    referredBy: text('referred_by').references(() => staffUser.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** The partner's reference (a PV number, a Unia file), sealed. */
    reference: text('reference'),
    status: text('status').$type<ReferralStatus>().notNull().default('sent'),
    outcome: text('outcome').$type<ReferralOutcome>(),
    firstAnswerAt: timestamp('first_answer_at', { withTimezone: true }),
    /**
     * The day the partner first answered, as staff enter it (decision 0050, amended): today by
     * default, never in the future nor before the day it was sent. `first_answer_at` is when staff
     * recorded it.
     */
    firstAnswerOn: date('first_answer_on', { mode: 'string' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    revision: integer('revision').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'referral_pack_fk',
      columns: [table.reportId, table.packId],
      foreignColumns: [reportDisclosure.reportId, reportDisclosure.packId],
    }).onDelete('cascade'),
    index('referral_report_idx').on(table.reportId, table.sentAt),
    index('referral_partner_idx').on(table.partnerId),
    index('referral_unanswered_idx').on(table.sentAt).where(sql`status = 'sent'`),
    check('referral_status_check', isOneOf('status', REFERRAL_STATUSES)),
    check('referral_outcome_check', isOneOf('outcome', REFERRAL_OUTCOMES)),
    check('referral_agreed_via_check', isOneOf('reporter_agreed_via', AGREEMENT_CHANNELS)),
    check('referral_revision_check', rule(`"revision" >= 1`)),
    check('referral_agreement_pair', rule(`("reporter_agreed_on" is null) = ("reporter_agreed_via" is null)`)),
    check(
      'referral_reference_length',
      rule(`"reference" is null or char_length("reference") between 1 and ${SEALED_REFERENCE_MAX_CHARS}`),
    ),
    // Answered exactly when it left "sent"; closed with its date; an outcome with its date, and
    // only once the partner answered.
    check('referral_answer_check', rule(`("status" = 'sent') = ("first_answer_at" is null)`)),
    check('referral_answer_day_pair', rule(`("first_answer_at" is null) = ("first_answer_on" is null)`)),
    check(
      'referral_answer_day_after_sent',
      rule(`"first_answer_on" is null or "first_answer_on" >= ("sent_at" at time zone 'Europe/Brussels')::date`),
    ),
    check('referral_closed_check', rule(`("status" = 'closed') = ("closed_at" is not null)`)),
    check('referral_outcome_pair', rule(`("outcome" is null) = ("outcome_at" is null)`)),
    check('referral_outcome_answered', rule(`"outcome" is null or "status" <> 'sent'`)),
  ],
);
