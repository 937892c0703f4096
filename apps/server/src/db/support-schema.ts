import { SUPPORT_NEEDS, SUPPORT_PROVIDERS, type SupportNeed, type SupportProvider } from '@app/core/casework/support';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { isOneOf, rule } from './constraints.ts';
import { partner } from './referrals-schema.ts';
import { report, reportMessage } from './schema.ts';
import { staffUser } from './staff-schema.ts';

/** A sealed text of at most 5,000 characters stays well under this. */
const SEALED_TEXT_MAX_CHARS = 20_000;

/**
 * Support given on a report (decision 0053): one row per report once staff wrote anything, which
 * holds the safety plan (sealed; only coordinators and admins read it) and the revision that every
 * change of the needs or the plan names, so no change overwrites another.
 */
export const reportSupport = pgTable(
  'report_support',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    /** The safety plan, sealed; null when none was written, or once the report's texts were erased. */
    safetyPlan: text('safety_plan'),
    revision: integer('revision').notNull().default(1),
    updatedBy: text('updated_by').references(() => staffUser.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('report_support_report_unique').on(table.reportId),
    check('report_support_revision_check', rule(`"revision" >= 1`)),
    check(
      'report_support_plan_length',
      rule(`"safety_plan" is null or char_length("safety_plan") between 1 and ${SEALED_TEXT_MAX_CHARS}`),
    ),
  ],
);

/** A need the reporter raised (decision 0053): one of the closed set, once per report. */
export const supportNeed = pgTable(
  'support_need',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    need: text('need').$type<SupportNeed>().notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'support_need_pk', columns: [table.reportId, table.need] }),
    index('support_need_recorded_idx').on(table.recordedAt),
    check('support_need_need_check', isOneOf('need', SUPPORT_NEEDS)),
  ],
);

/**
 * A service given for one of the report's needs (the composite foreign key: a need the report
 * has), what was done (sealed), by a member or a partner of the directory, and the day.
 */
export const supportService = pgTable(
  'support_service',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    need: text('need').$type<SupportNeed>().notNull(),
    /** What was done, sealed; null once the report's texts were erased. */
    description: text('description'),
    provider: text('provider').$type<SupportProvider>().notNull(),
    providerStaffId: text('provider_staff_id').references(() => staffUser.id),
    partnerId: uuid('partner_id').references(() => partner.id, { onDelete: 'restrict' }),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    recordedBy: text('recorded_by').references(() => staffUser.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A service recorded by mistake is withdrawn, never deleted (decision 0053, amended): when, by
     * whom and why (sealed; null once the report's texts were erased). The statistics leave it out.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: text('withdrawn_by').references(() => staffUser.id),
    withdrawalReason: text('withdrawal_reason'),
  },
  (table) => [
    foreignKey({
      name: 'support_service_need_fk',
      columns: [table.reportId, table.need],
      foreignColumns: [supportNeed.reportId, supportNeed.need],
    }),
    index('support_service_report_idx').on(table.reportId, table.givenOn),
    index('support_service_given_idx').on(table.givenOn),
    check('support_service_need_check', isOneOf('need', SUPPORT_NEEDS)),
    check('support_service_provider_check', isOneOf('provider', SUPPORT_PROVIDERS)),
    // Exactly the one who gave it: a member for 'staff', a partner for 'partner'.
    check('support_service_staff_pair', rule(`("provider" = 'staff') = ("provider_staff_id" is not null)`)),
    check('support_service_partner_pair', rule(`("provider" = 'partner') = ("partner_id" is not null)`)),
    // Who withdrew it and why exist only for a withdrawn service (the reason may be erased later).
    check('support_service_withdrawn_by', rule(`"withdrawn_by" is null or "withdrawn_at" is not null`)),
    check(
      'support_service_withdrawal_reason',
      rule(
        `"withdrawal_reason" is null or ("withdrawn_at" is not null and char_length("withdrawal_reason") between 1 and ${SEALED_TEXT_MAX_CHARS})`,
      ),
    ),
    check(
      'support_service_description_length',
      rule(`"description" is null or char_length("description") between 1 and ${SEALED_TEXT_MAX_CHARS}`),
    ),
  ],
);

/**
 * The question the reporter is asked when the case closes (decision 0053): once per report (the
 * unique key), with the thread's message that asks it; their answer 1 to 5 and optional words
 * (sealed), once.
 */
export const supportFeedback = pgTable(
  'support_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    /** The thread's message that asks; null once the thread was erased. */
    messageId: uuid('message_id').references(() => reportMessage.id, { onDelete: 'set null' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    rating: smallint('rating'),
    /** The reporter's words, sealed; null when they wrote none, or once erased. */
    words: text('words'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('support_feedback_report_unique').on(table.reportId),
    uniqueIndex('support_feedback_message_unique').on(table.messageId),
    index('support_feedback_answered_idx').on(table.answeredAt).where(sql`answered_at is not null`),
    check('support_feedback_rating_check', rule(`"rating" between 1 and 5`)),
    check('support_feedback_answer_pair', rule(`("rating" is null) = ("answered_at" is null)`)),
    check('support_feedback_words_answered', rule(`"words" is null or "rating" is not null`)),
    check(
      'support_feedback_words_length',
      rule(`"words" is null or char_length("words") between 1 and ${SEALED_TEXT_MAX_CHARS}`),
    ),
  ],
);
