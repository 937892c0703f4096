import { RETENTION_OUTCOMES } from '@app/core/casework/retention';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf, rule } from './constraints.ts';
import { report } from './schema.ts';
import { staffUser } from './staff-schema.ts';

/**
 * A legal hold (decision 0040): a coordinator keeps a case under proceedings from erasure. One row
 * per held report; lifting the hold deletes the row (the audit log keeps who set, reviewed and
 * lifted it). The reason is sealed: it may name the proceedings or a party.
 */
export const legalHold = pgTable(
  'legal_hold',
  {
    /** Its own id, as key rotation reseals rows by id (services/backup/key-rotation.ts). */
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .unique('legal_hold_one_per_report')
      .references(() => report.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    setBy: text('set_by')
      .notNull()
      .references(() => staffUser.id),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: text('reviewed_by').references(() => staffUser.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  () => [
    check('legal_hold_review_whole', rule(`("reviewed_at" is null) = ("reviewed_by" is null)`)),
    check('legal_hold_reviewed_after_set', rule(`"reviewed_at" is null or "reviewed_at" >= "set_at"`)),
  ],
);

/**
 * The record an erasure leaves (decision 0040): which report, when, how, after which outcome and
 * period, how many files went. Nothing of the reporter, no free text.
 */
export const reportErasure = pgTable(
  'report_erasure',
  {
    reportId: uuid('report_id')
      .primaryKey()
      .references(() => report.id, { onDelete: 'restrict' }),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
    /** By the retention job, or at the reporter's request (decision 0046). */
    via: text('via').$type<'retention' | 'request'>().notNull(),
    /** The outcome and period that made it due: only for the retention job's erasures. */
    outcome: text('outcome').$type<(typeof RETENTION_OUTCOMES)[number]>(),
    periodMonths: integer('period_months'),
    files: integer('files').notNull(),
  },
  () => [
    check('report_erasure_via_check', isOneOf('via', ['retention', 'request'])),
    check(
      'report_erasure_due_check',
      rule(`("via" = 'retention') = ("outcome" is not null and "period_months" is not null)`),
    ),
    check('report_erasure_outcome_check', isOneOf('outcome', RETENTION_OUTCOMES)),
    check('report_erasure_period_check', rule(`"period_months" between 1 and 120`)),
    check('report_erasure_files_check', rule(`"files" >= 0`)),
  ],
);
