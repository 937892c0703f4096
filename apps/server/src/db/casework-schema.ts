import {
  ARRONDISSEMENT_PROVINCES,
  ARRONDISSEMENTS,
  type Arrondissement,
  DATE_PRECISIONS,
  type DatePrecision,
  PLACE_PRECISIONS,
  type PlacePrecision,
} from '@app/core/casework/arrondissements';
import {
  MUNICIPALITY_MAX_LENGTH,
  type RejectionReason,
  STORED_REJECTION_REASONS,
} from '@app/core/casework/report-workflow';
import { PROVINCES, type Province, REPORT_STATUSES, type ReportStatus } from '@app/core/casework/statuses';
import { INCIDENT_TYPES, type IncidentType } from '@app/core/forms/incident-types';
import { CONTENT_KEYS, type ContentKey } from '@app/core/site/content';
import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import { bigserial, boolean, check, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { arrondissementInProvince, isOneOf, literal, rule } from './constraints.ts';
import { incident, report } from './schema.ts';
import { staffUser } from './staff-schema.ts';

/**
 * The emergency numbers are kept as content versions too, under their own key and for every
 * language at once (`services/site/content.ts`).
 */
export const EMERGENCY_NUMBERS_KEY = 'emergencyNumbers';
export const ALL_LANGUAGES = 'all';
export type ContentVersionKey = ContentKey | typeof EMERGENCY_NUMBERS_KEY;
export type ContentVersionLanguage = Language | typeof ALL_LANGUAGES;

/** Every status change of a report: who, when, from what to what, and why. */
export const reportStatusChange = pgTable(
  'report_status_change',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ReportStatus>().notNull(),
    toStatus: text('to_status').$type<ReportStatus>().notNull(),
    /** The rejection reason, for a change to rejected. */
    reason: text('reason').$type<RejectionReason>(),
    actorId: text('actor_id')
      .notNull()
      .references(() => staffUser.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('report_status_change_report_idx').on(table.reportId, table.occurredAt),
    check('report_status_change_from_status_check', isOneOf('from_status', REPORT_STATUSES)),
    check('report_status_change_to_status_check', isOneOf('to_status', REPORT_STATUSES)),
    check('report_status_change_reason_check', isOneOf('reason', STORED_REJECTION_REASONS)),
    check('report_status_change_reason_only_when_rejected', rule(`"reason" is null or "to_status" = 'rejected'`)),
    check('report_status_change_is_a_change', rule(`"from_status" <> "to_status"`)),
  ],
);

/** Notes that only staff ever see; sealed, since a note may repeat what the reporter said. */
export const reportNote = pgTable(
  'report_note',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => staffUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    body: text('body').notNull(),
  },
  (table) => [index('report_note_report_idx').on(table.reportId, table.createdAt)],
);

/**
 * A verified incident as the public sees it: date, type, municipality and summaries written by
 * staff for the public. Nothing here comes from the reporter's own words unless staff wrote it.
 * One per incident, however many reports it has; an incident that is published cannot be deleted
 * (linking its last report elsewhere is refused: unpublish it first).
 */
export const publicIncident = pgTable(
  'public_incident',
  {
    incidentId: uuid('incident_id')
      .primaryKey()
      .references(() => incident.id),
    incidentDate: date('incident_date', { mode: 'string' }).notNull(),
    incidentType: text('incident_type').$type<IncidentType>().notNull(),
    municipality: text('municipality').notNull(),
    province: text('province').$type<Province>().notNull(),
    arrondissement: text('arrondissement').$type<Arrondissement>(),
    /**
     * How precisely the public list shows the date and the place (decision 0047), as staff chose on
     * publishing. The database's defaults are the coarsest a row of before 0031 can have (no
     * arrondissement was recorded then); the publish form's are month and arrondissement.
     */
    datePrecision: text('date_precision').$type<DatePrecision>().notNull().default('month'),
    placePrecision: text('place_precision').$type<PlacePrecision>().notNull().default('province'),
    /** { en: "…", he: "…" }: the summary in each language staff wrote; always the original's. */
    summaries: jsonb('summaries').$type<Record<string, string>>().notNull(),
    originalLanguage: text('original_language').$type<Language>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: text('published_by')
      .notNull()
      .references(() => staffUser.id),
  },
  (table) => [
    index('public_incident_date_idx').on(table.incidentDate),
    index('public_incident_type_date_idx').on(table.incidentType, table.incidentDate),
    check('public_incident_incident_type_check', isOneOf('incident_type', INCIDENT_TYPES)),
    check('public_incident_province_check', isOneOf('province', PROVINCES)),
    check('public_incident_arrondissement_check', isOneOf('arrondissement', ARRONDISSEMENTS)),
    check('public_incident_arrondissement_in_province', arrondissementInProvince(ARRONDISSEMENT_PROVINCES)),
    check('public_incident_date_precision_check', isOneOf('date_precision', DATE_PRECISIONS)),
    check('public_incident_place_precision_check', isOneOf('place_precision', PLACE_PRECISIONS)),
    // Without an arrondissement (old rows, elsewhere in Belgium) the place is shown by province only.
    check(
      'public_incident_place_precision_recorded',
      rule(`"arrondissement" is not null or "place_precision" = 'province'`),
    ),
    check('public_incident_original_language_check', isOneOf('original_language', LANGUAGE_CODES)),
    check(
      'public_incident_municipality_length',
      rule(`char_length("municipality") between 1 and ${MUNICIPALITY_MAX_LENGTH}`),
    ),
    // An object of summaries keyed by the site's languages, with one in the original language.
    check(
      'public_incident_summaries_check',
      rule(
        `jsonb_typeof("summaries") = 'object' and "summaries" ? "original_language" and ("summaries" - array[${LANGUAGE_CODES.map(literal).join(', ')}]::text[]) = '{}'::jsonb`,
      ),
    ),
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
    key: text('key').$type<ContentVersionKey>().notNull(),
    language: text('language').$type<ContentVersionLanguage>().notNull(),
    body: text('body').notNull(),
    isShippedText: boolean('is_shipped_text').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by')
      .notNull()
      .references(() => staffUser.id),
  },
  (table) => [
    index('content_version_key_idx').on(table.key, table.language, table.id),
    check('content_version_key_check', isOneOf('key', [...CONTENT_KEYS, EMERGENCY_NUMBERS_KEY])),
    check('content_version_language_check', isOneOf('language', [...LANGUAGE_CODES, ALL_LANGUAGES])),
    // The emergency numbers hold for every language; the texts are written per language.
    check(
      'content_version_numbers_for_all_languages',
      rule(`("key" = ${literal(EMERGENCY_NUMBERS_KEY)}) = ("language" = ${literal(ALL_LANGUAGES)})`),
    ),
  ],
);
