import { SAVED_VIEW_NAME_MAX_LENGTH } from '@app/core/casework/search';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { rule } from './constraints.ts';
import { report } from './schema.ts';
import { staffUser } from './staff-schema.ts';

/**
 * Search across sealed text (decision 0055): a blind index. One row per distinct word of a report's
 * description, location, online addresses, staff notes and thread messages, as the first 8 bytes
 * of an HMAC-SHA-256 of its normal form (`@app/core/casework/search`) under the search key derived
 * from the data key `key_id` (`crypto/search-tokens.ts`). No word, no position, no count per report:
 * equal words of several reports show as equal numbers, nothing more, to whoever lacks the key.
 */
export const reportSearchToken = pgTable(
  'report_search_token',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    keyId: smallint('key_id').notNull(),
    token: bigint('token', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    // A search looks words up by key and token; the report comes from the index alone.
    primaryKey({ name: 'report_search_token_pk', columns: [table.keyId, table.token, table.reportId] }),
    // Re-indexing and erasing one report, and a rotation's count per key.
    index('report_search_token_report_idx').on(table.reportId, table.keyId),
  ],
);

/**
 * The reports the index covers, and the data key their words were last indexed under in full. A
 * report without a row is indexed by the `maintenance` job (or `npm run search-index`): one sent
 * before this table existed, one restored from an older archive; one under another key after a
 * rotation is indexed again by the rotation before the old key retires.
 */
export const reportSearchState = pgTable(
  'report_search_state',
  {
    reportId: uuid('report_id')
      .primaryKey()
      .references(() => report.id, { onDelete: 'cascade' }),
    keyId: smallint('key_id').notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('report_search_state_key_idx').on(table.keyId)],
);

/**
 * The words of each search, sealed: the audit row `report.searched` names this row (its id in
 * `details`), so that the audit log itself never holds them in clear and a key rotation re-seals
 * them like any sealed column.
 */
export const reportSearchTerms = pgTable('report_search_terms', {
  id: uuid('id').primaryKey().defaultRandom(),
  actorId: text('actor_id')
    .notNull()
    .references(() => staffUser.id),
  /** Sealed: what the member typed. */
  terms: text('terms').notNull(),
  searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's saved view of the report list: its filters (closed sets, dates, ids: in clear) and its
 * search (sealed). Each member lists and deletes only their own.
 */
export const savedReportView = pgTable(
  'saved_report_view',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: text('member_id')
      .notNull()
      .references(() => staffUser.id),
    name: text('name').notNull(),
    /** The list's filters (`SavedViewFilters`): never a word of a report. */
    filters: jsonb('filters').notNull().default(sql`'{}'::jsonb`),
    /** Sealed: the search's words; null for a view of filters only. */
    search: text('search'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_report_view_member_name_unique').on(table.memberId, table.name),
    check('saved_report_view_name_length', rule(`char_length("name") between 1 and ${SAVED_VIEW_NAME_MAX_LENGTH}`)),
  ],
);
