import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rule } from './constraints.ts';
import { incident, report } from './schema.ts';
import { staffUser } from './staff-schema.ts';

/**
 * Suggested links between incidents (decision 0043).
 *
 * `report_url_hash`: beside a report's sealed online addresses, the keyed hash of each one's normal
 * form (`crypto/online-addresses.ts`), so that two reports naming the same post find each other by
 * an index, never by opening every report. Written in the submission's transaction; the
 * maintenance job hashes the reports that have none (those sent before, an archive restored);
 * deleted with the addresses when the report's personal data is erased, and with the report.
 */
export const reportUrlHash = pgTable(
  'report_url_hash',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    /** HMAC-SHA-256 of the normal form, in hex: never the address, never an unkeyed hash. */
    hash: text('hash').notNull(),
  },
  (table) => [
    primaryKey({ name: 'report_url_hash_pkey', columns: [table.reportId, table.hash] }),
    index('report_url_hash_hash_idx').on(table.hash),
    check('report_url_hash_hash_check', rule(`"hash" ~ '^[0-9a-f]{64}$'`)),
  ],
);

/**
 * A suggestion a staff member dismissed: these two incidents are not the same event, and the pair
 * is not suggested again. The pair is stored once, the smaller id first (the CHECK), so the primary
 * key makes it unique whichever report's page it was dismissed on. Deleted with either incident; a
 * link that empties an incident carries its dismissals over to the incident it joined first.
 */
export const incidentLinkDismissal = pgTable(
  'incident_link_dismissal',
  {
    incidentA: uuid('incident_a')
      .notNull()
      .references(() => incident.id, { onDelete: 'cascade' }),
    incidentB: uuid('incident_b')
      .notNull()
      .references(() => incident.id, { onDelete: 'cascade' }),
    /** A staff member can be deleted only once nothing points to them: disable them instead. */
    dismissedBy: text('dismissed_by')
      .notNull()
      .references(() => staffUser.id),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'incident_link_dismissal_pkey', columns: [table.incidentA, table.incidentB] }),
    // The pair seen from its second incident, and the cascade when that one is deleted.
    index('incident_link_dismissal_b_idx').on(table.incidentB),
    check('incident_link_dismissal_order', rule(`"incident_a" < "incident_b"`)),
  ],
);
