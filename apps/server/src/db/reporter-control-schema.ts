import {
  DISCLOSURE_KINDS,
  DISCLOSURE_RECIPIENTS,
  type DisclosureKind,
  type DisclosureRecipient,
  ERASURE_REFUSAL_REASONS,
  type ErasureRefusalReason,
  REPORTER_REQUEST_KINDS,
  type ReporterRequestKind,
} from '@app/core/casework/reporter-control';
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { isOneOf, rule } from './constraints.ts';
import { report } from './schema.ts';
import { staffUser } from './staff-schema.ts';

/**
 * Each time a report left the organisation (decision 0046): an evidence pack today, a referral
 * later. Written in the transaction that produced it; the reporter reads it on the follow-up
 * page. Nothing of the content, only to whom, when and whether the identity went with it.
 */
export const reportDisclosure = pgTable(
  'report_disclosure',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DisclosureKind>().notNull(),
    recipient: text('recipient').$type<DisclosureRecipient>().notNull(),
    identityIncluded: boolean('identity_included').notNull(),
    /** The evidence pack's id, as its audit row names it. */
    packId: uuid('pack_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('report_disclosure_report_idx').on(table.reportId, table.occurredAt),
    // A referral names the pack that went with it, and only one of its own report's (decision 0050).
    unique('report_disclosure_pack_unique').on(table.reportId, table.packId),
    check('report_disclosure_kind_check', isOneOf('kind', DISCLOSURE_KINDS)),
    check('report_disclosure_recipient_check', isOneOf('recipient', DISCLOSURE_RECIPIENTS)),
    check('report_disclosure_pack_check', rule(`("kind" = 'evidence-pack') = ("pack_id" is not null)`)),
  ],
);

/**
 * What a reporter asked through their receipt (decision 0046): to withdraw their consent to pass
 * the report on (in force from `requested_at`, nothing to answer), or to erase it (answered by a
 * coordinator: erased, or refused with a reason from a closed set). One of each kind per report.
 * It holds no personal data, and stays when the report's is erased: the record of the erasure.
 */
export const reporterRequest = pgTable(
  'reporter_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReporterRequestKind>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by').references(() => staffUser.id),
    outcome: text('outcome').$type<'erased' | 'refused'>(),
    refusalReason: text('refusal_reason').$type<ErasureRefusalReason>(),
  },
  (table) => [
    unique('reporter_request_one_per_kind').on(table.reportId, table.kind),
    check('reporter_request_kind_check', isOneOf('kind', REPORTER_REQUEST_KINDS)),
    check('reporter_request_outcome_check', isOneOf('outcome', ['erased', 'refused'])),
    check('reporter_request_reason_check', isOneOf('refusal_reason', ERASURE_REFUSAL_REASONS)),
    // Only an erasure is answered; an answer has its time, its member and its outcome together;
    // a reason exactly when refused.
    check(
      'reporter_request_answer_check',
      rule(
        `("kind" = 'erasure' or "answered_at" is null)
         and (("answered_at" is null) = ("outcome" is null))
         and ("answered_at" is not null or "answered_by" is null)
         and (coalesce("outcome" = 'refused', false) = ("refusal_reason" is not null))`,
      ),
    ),
  ],
);
