import { INCIDENT_CATEGORIES, type IncidentCategory } from '@app/core/casework/classification';
import { MUNICIPALITY_MAX_LENGTH } from '@app/core/casework/report-workflow';
import { INCIDENT_TYPES, type IncidentType } from '@app/core/forms/incident-types';
import { EARLY_WARNING_RULES, type EarlyWarningRule } from '@app/core/staff/early-warnings';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { isOneOf, rule } from './constraints.ts';
import { incident, incidentTag, notificationOutbox } from './schema.ts';
import { staffUser } from './staff-schema.ts';

/**
 * Early warnings (decision 0052): several incidents of one type or category in one municipality
 * within a few days, or one online address or tag in several incidents. No personal data: the
 * municipality as staff recorded it, closed sets, a tag, the keyed hash of an address (never the
 * address), counts and dates.
 *
 * One open warning per rule and subject (the partial unique index): the `early-warning` job of
 * every instance inserts with `on conflict do nothing`, so a cluster seen twice, or by two
 * instances at once, is one warning and one e-mail. A warning closes once its last incident is
 * older than EARLY_WARNING_DAYS; a later cluster of the same subject is a new warning.
 */
export const earlyWarning = pgTable(
  'early_warning',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rule: text('rule').$type<EarlyWarningRule>().notNull(),
    /**
     * What the unique key compares: the municipality in lower case and the type or category
     * (`gent|verbal`), the address's hash, or the tag's id. Written by the job, never shown.
     */
    subjectKey: text('subject_key').notNull(),
    /** The municipality as staff typed it, for the place rules. */
    municipality: text('municipality'),
    incidentType: text('incident_type').$type<IncidentType>(),
    category: text('category').$type<IncidentCategory>(),
    tagId: uuid('tag_id').references(() => incidentTag.id),
    /** The keyed hash of an online address (decision 0043): matched, never shown, never opened. */
    urlHash: text('url_hash'),
    /** How many of its incidents there are now (rows of `early_warning_incident`). */
    incidentCount: integer('incident_count').notNull(),
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    lastDate: date('last_date', { mode: 'string' }).notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** No incident joins it any more: its last incident is older than EARLY_WARNING_DAYS. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The one e-mail, queued in the transaction that raised the warning. */
    outboxId: uuid('outbox_id').references(() => notificationOutbox.id, { onDelete: 'set null' }),
    /** The count a coordinator acknowledged last; a warning that grew since shows again. */
    acknowledgedCount: integer('acknowledged_count').notNull().default(0),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** A staff member can be deleted only once nothing points to them: disable them instead. */
    acknowledgedBy: text('acknowledged_by').references(() => staffUser.id),
  },
  (table) => [
    uniqueIndex('early_warning_open_idx').on(table.rule, table.subjectKey).where(sql`closed_at is null`),
    index('early_warning_outbox_idx').on(table.outboxId),
    check('early_warning_rule_check', isOneOf('rule', EARLY_WARNING_RULES)),
    check('early_warning_incident_type_check', isOneOf('incident_type', INCIDENT_TYPES)),
    check('early_warning_category_check', isOneOf('category', INCIDENT_CATEGORIES)),
    check('early_warning_url_hash_check', rule(`"url_hash" ~ '^[0-9a-f]{64}$'`)),
    check('early_warning_subject_key_length', rule(`char_length("subject_key") between 1 and 300`)),
    check(
      'early_warning_municipality_length',
      rule(`char_length("municipality") between 1 and ${MUNICIPALITY_MAX_LENGTH}`),
    ),
    // Each rule names exactly its own subject.
    check(
      'early_warning_subject_check',
      rule(
        `("municipality" is not null) = ("rule" in ('place-type', 'place-category'))` +
          ` and ("incident_type" is not null) = ("rule" = 'place-type')` +
          ` and ("category" is not null) = ("rule" = 'place-category')` +
          ` and ("url_hash" is not null) = ("rule" = 'online-address')` +
          ` and ("tag_id" is not null) = ("rule" = 'tag')`,
      ),
    ),
    check('early_warning_count_check', rule(`"incident_count" >= 0 and "acknowledged_count" >= 0`)),
    check('early_warning_dates_check', rule(`"first_date" <= "last_date"`)),
    check(
      'early_warning_acknowledged_check',
      rule(
        `("acknowledged_at" is null) = ("acknowledged_by" is null) and ("acknowledged_at" is null) = ("acknowledged_count" = 0)`,
      ),
    ),
  ],
);

/**
 * The incidents of a warning: what its count counts and what the reports list's link shows
 * (`?warning=<id>`). An incident deleted (emptied by a link into another) leaves the warning, so
 * two reports linked into one incident count once.
 */
export const earlyWarningIncident = pgTable(
  'early_warning_incident',
  {
    warningId: uuid('warning_id')
      .notNull()
      .references(() => earlyWarning.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incident.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ name: 'early_warning_incident_pkey', columns: [table.warningId, table.incidentId] }),
    index('early_warning_incident_incident_idx').on(table.incidentId),
  ],
);

/**
 * The columns of `EarlyWarningFacts` (decision 0052), for the dashboard's query and the e-mail's:
 * read with `.leftJoin(incidentTag, eq(incidentTag.id, earlyWarning.tagId))`. The keyed hash of an
 * online address is not among them.
 */
export const earlyWarningFactColumns = {
  id: earlyWarning.id,
  rule: earlyWarning.rule,
  municipality: earlyWarning.municipality,
  incidentType: earlyWarning.incidentType,
  category: earlyWarning.category,
  tagNames: incidentTag.names,
  incidentCount: earlyWarning.incidentCount,
  firstDate: earlyWarning.firstDate,
  lastDate: earlyWarning.lastDate,
};
