import { REPLY_NOTICE_SENDERS, type ReplyNoticeSender } from '@app/core/forms/reply-notice';
import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isOneOf, rule } from './constraints.ts';
import { report } from './schema.ts';

/**
 * A reporter's reply notice (decision 0041): an address, sealed, in a table of its own, apart from
 * the report's identity; told only that a new message waits. `due_since`: a staff message not yet
 * told. Deleted when the reporter turns it off and when the report's personal data is erased.
 */
export const replyNotice = pgTable(
  'reply_notice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .unique('reply_notice_one_per_report')
      .references(() => report.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    sender: text('sender').$type<ReplyNoticeSender>().notNull(),
    language: text('language').$type<Language>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueSince: timestamp('due_since', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  () => [
    check('reply_notice_sender_check', isOneOf('sender', REPLY_NOTICE_SENDERS)),
    check('reply_notice_language_check', isOneOf('language', LANGUAGE_CODES)),
    check('reply_notice_attempts_check', rule(`"attempts" >= 0`)),
  ],
);
