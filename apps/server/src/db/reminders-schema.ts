import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { rule } from './constraints.ts';
import { notificationOutbox, report } from './schema.ts';
import { staffUser } from './staff-schema.ts';

/**
 * The longest sealed note the database takes: a note of at most 300 characters (1,200 bytes of
 * UTF-8) sealed and written in base64 with its key id stays well under this. It only stops a
 * caller that skipped the operation from storing a novel.
 */
const SEALED_NOTE_MAX_CHARS = 4_000;

/**
 * A reminder on a report: a day in Belgium's calendar and a short note for staff, sealed (it may
 * repeat what the reporter said). Due from its day until someone marks it done.
 */
export const reportReminder = pgTable(
  'report_reminder',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Sealed. */
    note: text('note').notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: text('done_by').references(() => staffUser.id),
  },
  (table) => [
    index('report_reminder_report_idx').on(table.reportId, table.dueOn),
    index('report_reminder_open_idx').on(table.dueOn).where(sql`done_at is null`),
    check('report_reminder_done_pair', rule(`("done_at" is null) = ("done_by" is null)`)),
    check('report_reminder_note_length', rule(`char_length("note") between 1 and ${SEALED_NOTE_MAX_CHARS}`)),
  ],
);

/** A staff member's own choices about e-mail: the daily digest, off until they turn it on. */
export const staffMailPreference = pgTable('staff_mail_preference', {
  staffId: text('staff_id')
    .primaryKey()
    .references(() => staffUser.id, { onDelete: 'cascade' }),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One daily digest per staff member and day in Brussels: the unique key is what makes it once a
 * day across every instance (decision 0028). The row is claimed in the same transaction that
 * queues the e-mail; a digest with nothing to say is claimed without one (`outbox_id` null).
 * It holds counts only, never a word of a report.
 */
export const staffDigest = pgTable(
  'staff_digest',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    newReports: integer('new_reports').notNull(),
    overdueReports: integer('overdue_reports').notNull(),
    unansweredReports: integer('unanswered_reports').notNull(),
    dueReminders: integer('due_reminders').notNull(),
    /** Reports whose personal data is erased within ERASURE_WARNING_DAYS (decision 0040). */
    erasuresDue: integer('erasures_due').notNull().default(0),
    outboxId: uuid('outbox_id').references(() => notificationOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('staff_digest_once_a_day').on(table.staffId, table.day),
    index('staff_digest_outbox_idx').on(table.outboxId),
    check(
      'staff_digest_counts_check',
      rule(`"new_reports" >= 0 and "overdue_reports" >= 0 and "unanswered_reports" >= 0 and "due_reminders" >= 0`),
    ),
    check('staff_digest_erasures_due_check', rule(`"erasures_due" >= 0`)),
  ],
);
