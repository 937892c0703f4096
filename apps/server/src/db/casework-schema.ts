import { bigserial, boolean, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { report } from './schema.ts';
import { staffUser } from './staff-schema.ts';

/** Every status change of a report: who, when, from what to what, and why. */
export const reportStatusChange = pgTable(
  'report_status_change',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    actorId: text('actor_id').references(() => staffUser.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('report_status_change_report_idx').on(table.reportId, table.occurredAt)],
);

/** Notes that only staff ever see; sealed, since a note may repeat what the reporter said. */
export const reportNote = pgTable(
  'report_note',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    body: text('body').notNull(),
  },
  (table) => [index('report_note_report_idx').on(table.reportId, table.createdAt)],
);

/**
 * A verified incident as the public sees it: date, type, municipality and summaries written by
 * staff for the public. Nothing here comes from the reporter's own words unless staff wrote it.
 */
export const publicIncident = pgTable(
  'public_incident',
  {
    reportId: uuid('report_id')
      .primaryKey()
      .references(() => report.id, { onDelete: 'cascade' }),
    incidentDate: date('incident_date', { mode: 'string' }).notNull(),
    incidentType: text('incident_type').notNull(),
    municipality: text('municipality').notNull(),
    province: text('province').notNull(),
    /** { en: "…", he: "…" }: the summary in each language staff wrote. */
    summaries: jsonb('summaries').$type<Record<string, string>>().notNull(),
    originalLanguage: text('original_language').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: text('published_by').references(() => staffUser.id),
  },
  (table) => [
    index('public_incident_date_idx').on(table.incidentDate),
    index('public_incident_type_date_idx').on(table.incidentType, table.incidentDate),
  ],
);

/**
 * Every version of every text staff edited, per language; the newest one is in force. A version
 * marked `is_shipped_text` returns to the text the site ships with. Nothing is ever overwritten.
 */
export const contentVersion = pgTable(
  'content_version',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    isShippedText: boolean('is_shipped_text').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => staffUser.id),
  },
  (table) => [index('content_version_key_idx').on(table.key, table.language, table.id)],
);
