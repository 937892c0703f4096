import { ARRONDISSEMENT_PROVINCES, ARRONDISSEMENTS, type Arrondissement } from '@app/core/casework/arrondissements';
import {
  INCIDENT_CATEGORIES,
  INCIDENT_MANIFESTATIONS,
  INCIDENT_TARGETS,
  type IncidentCategory,
  type IncidentManifestation,
  type IncidentTarget,
  KNOWN_THROUGH,
  type KnownThrough,
  PLACE_TYPES,
  type PlaceType,
  TAG_NAME_MAX_LENGTH,
} from '@app/core/casework/classification';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  PERSONAL_NOTIFICATION_KINDS,
} from '@app/core/casework/notification-kinds';
import { REPORT_SOURCES, type ReportSource, WEB_SOURCE } from '@app/core/casework/report-sources';
import {
  MUNICIPALITY_MAX_LENGTH,
  type RejectionReason,
  STORED_REJECTION_REASONS,
} from '@app/core/casework/report-workflow';
import {
  MESSAGE_STATUSES,
  type MessageStatus,
  PROVINCES,
  type Province,
  REPORT_STATUSES,
  type ReportStatus,
} from '@app/core/casework/statuses';
import { THREAD_AUTHORS, type ThreadAuthor } from '@app/core/forms/follow-up';
import { INCIDENT_TYPES, type IncidentType } from '@app/core/forms/incident-types';
import { REPORT_SPAM_CHECKS, type ReportSpamCheck, SPAM_CHECKS, type SpamCheck } from '@app/core/forms/plain-forms';
import { ONLINE_INCIDENT_TYPE, ONLINE_PLATFORMS, type OnlinePlatform } from '@app/core/forms/report-questions';
import { ALERT_KINDS, ALERT_SUBJECTS, type AlertKind, type AlertSubject } from '@app/core/staff/alerts';
import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { arrondissementInProvince, isOneOf, isSubsetOf, literal, rule } from './constraints.ts';
import { staffUser } from './staff-schema.ts';

/**
 * Settings that belong to one installation rather than to the code: the installation's id now,
 * later the values staff edit in the internal area. Rows are read at start-up and by the site.
 */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An incident: what happened, once, however many people reported it (decision 0037). Each of its
 * reports keeps its own reporter, thread, consent and receipt; the incident carries what is counted:
 * its date and type (its first report's, until staff classify it), the place staff record on
 * verification or publication, and whether it counts. A report that arrives alone makes an incident
 * of its own (the trigger `report_makes_its_incident`, migration 0023); staff link a report into
 * another incident or split it out again (`operations/reports/link-report-to-incident.ts`).
 */
export const incident = pgTable(
  'incident',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    incidentDate: date('incident_date', { mode: 'string' }).notNull(),
    incidentType: text('incident_type').$type<IncidentType>().notNull(),
    /** Where it happened, as staff record it on verification or publication (never the reporter's sealed location). */
    municipality: text('municipality'),
    province: text('province').$type<Province>(),
    /** The arrondissement of the municipality (decision 0047); null for old rows and outside Flanders and Brussels. */
    arrondissement: text('arrondissement').$type<Arrondissement>(),
    /**
     * Whether it counts in every figure: at least one of its reports is verified, or closed without
     * a rejection reason, and not held back by the spam check (`services/verified-incidents.ts`).
     * Kept by triggers on `report` (migration 0023), inside the writer's transaction, so no writer
     * can forget it; the figures read it through a partial index.
     */
    counts: boolean('counts').notNull().default(false),
    /** Raised by every change staff make to the incident (a report linked or split out, its place): guarded writes compare it. */
    revision: integer('revision').notNull().default(1),
    /**
     * The staff's classification (decision 0044), separate from the reporter's type: closed sets,
     * null (or no manifestation) until staff classify it. An incident is verified only with a
     * category (`operations/reports/change-report-status.ts`); those verified before have none.
     */
    category: text('category').$type<IncidentCategory>(),
    manifestations: text('manifestations').array().$type<IncidentManifestation[]>().notNull().default(sql`'{}'`),
    target: text('target').$type<IncidentTarget>(),
    knownThrough: text('known_through').$type<KnownThrough>(),
    placeType: text('place_type').$type<PlaceType>(),
    /**
     * What the reports that make it count said (decision 0058), kept beside `counts` by the same
     * function (`refresh_incident_counts`, migration 0042) in the writer's transaction, so the
     * statistics read incidents alone: anonymous when each of them is, police called and medical
     * treatment when any says so, every channel they came through, and the platform the earliest
     * of them names. False, empty and null while it does not count.
     */
    reportersAnonymous: boolean('reporters_anonymous').notNull().default(false),
    reportersCalledPolice: boolean('reporters_called_police').notNull().default(false),
    reportersMedicalTreatment: boolean('reporters_medical_treatment').notNull().default(false),
    reportersSources: text('reporters_sources').array().$type<ReportSource[]>().notNull().default(sql`'{}'`),
    reportersPlatform: text('reporters_platform').$type<OnlinePlatform>(),
  },
  (table) => [
    // Every public and staff figure reads counted incidents by date, province, type and (since
    // decision 0054) the staff's category: this index holds exactly those, so one pass over it
    // serves every page and file (decision 0022), an index-only scan.
    index('incident_counted_figures_idx')
      .on(table.incidentDate, table.province, table.incidentType, table.category)
      .where(sql`"counts"`),
    // Suggested links (decision 0043): incidents of one type, in one municipality (as staff typed
    // it, in any case), within two days of a date.
    index('incident_place_suggestions_idx').on(
      table.incidentType,
      sql`lower(${table.municipality})`,
      table.incidentDate,
    ),
    check('incident_incident_type_check', isOneOf('incident_type', INCIDENT_TYPES)),
    check('incident_province_check', isOneOf('province', PROVINCES)),
    // Staff record the place as a pair: municipality and province.
    check('incident_arrondissement_check', isOneOf('arrondissement', ARRONDISSEMENTS)),
    check('incident_arrondissement_in_province', arrondissementInProvince(ARRONDISSEMENT_PROVINCES)),
    check('incident_place_complete', rule(`("municipality" is null) = ("province" is null)`)),
    check('incident_municipality_length', rule(`char_length("municipality") between 1 and ${MUNICIPALITY_MAX_LENGTH}`)),
    check('incident_revision_check', rule(`"revision" >= 1`)),
    check('incident_category_check', isOneOf('category', INCIDENT_CATEGORIES)),
    check('incident_manifestations_check', isSubsetOf('manifestations', INCIDENT_MANIFESTATIONS)),
    // A classified incident names at least one manifestation (RIAS codes each incident with one or more).
    check('incident_manifestations_classified', rule(`"category" is null or cardinality("manifestations") >= 1`)),
    check('incident_target_check', isOneOf('target', INCIDENT_TARGETS)),
    check('incident_known_through_check', isOneOf('known_through', KNOWN_THROUGH)),
    check('incident_place_type_check', isOneOf('place_type', PLACE_TYPES)),
    check('incident_reporters_sources_check', isSubsetOf('reporters_sources', REPORT_SOURCES)),
    check('incident_reporters_platform_check', isOneOf('reporters_platform', ONLINE_PLATFORMS)),
    // What the reporters said is kept only for an incident that counts.
    check(
      'incident_reporters_said_counts',
      rule(
        `"counts" or not ("reporters_anonymous" or "reporters_called_police" or "reporters_medical_treatment" or cardinality("reporters_sources") > 0 or "reporters_platform" is not null)`,
      ),
    ),
  ],
);

/**
 * The tags admins keep for themes and events (decision 0044): a name in each of the five
 * languages; renamed in place, disabled rather than deleted, so that incidents keep the tags they
 * had and their history reads as before.
 */
export const incidentTag = pgTable(
  'incident_tag',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The name in each language: `{ en, fr, nl, he, yi }`. */
    names: jsonb('names').$type<Record<Language, string>>().notNull(),
    /** When an admin took it off the list of tags to choose from; null while it is offered. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Raised by every change an admin makes to it: the forms name it, so no change overwrites another. */
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('incident_tag_revision_check', rule(`"revision" >= 1`)),
    check(
      'incident_tag_names_check',
      rule(
        `jsonb_typeof("names") = 'object' and ${LANGUAGE_CODES.map(
          (code) => `coalesce(char_length("names" ->> ${literal(code)}), 0) between 1 and ${TAG_NAME_MAX_LENGTH}`,
        ).join(' and ')}`,
      ),
    ),
  ],
);

/** The tags of an incident. An incident deleted (left empty by a link) takes its tags along. */
export const incidentTagLink = pgTable(
  'incident_tag_link',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incident.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => incidentTag.id),
  },
  (table) => [
    primaryKey({ columns: [table.incidentId, table.tagId] }),
    index('incident_tag_link_tag_idx').on(table.tagId),
  ],
);

/**
 * An incident report. Whatever could identify a person, and every free text, is sealed
 * (AES-256-GCM, `crypto/encryption.ts`): a stolen dump shows dates, types and yes/no answers only.
 */
export const report = pgTable(
  'report',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<ReportStatus>().notNull().default('new'),
    language: text('language').$type<Language>().notNull(),
    isAnonymous: boolean('is_anonymous').notNull(),
    /** Sealed JSON {firstName, lastName, phone, email, address}; null for an anonymous report. */
    personalData: text('personal_data'),
    incidentDate: date('incident_date', { mode: 'string' }).notNull(),
    incidentTime: text('incident_time'),
    location: text('location').notNull(),
    incidentType: text('incident_type').$type<IncidentType>().notNull(),
    description: text('description').notNull(),
    calledPolice: boolean('called_police').notNull(),
    policeReportNumber: text('police_report_number'),
    calledOrganisation: boolean('called_organisation').notNull(),
    medicalTreatment: boolean('medical_treatment').notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    /** The honeypot field was filled: kept apart for staff to look at, not counted. */
    isQuarantined: boolean('is_quarantined').notNull().default(false),
    /**
     * ALTCHA's proof of work, a form token for a report sent without JavaScript (decision 0021), or
     * `staff-recorded`: a member recorded it from another channel and no check applied (decision 0057).
     */
    spamCheck: text('spam_check').$type<ReportSpamCheck>().notNull().default('proof-of-work'),
    // Casework, by staff.
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when rejected; kept when a rejected report is closed; cleared when it goes back to review. */
    rejectionReason: text('rejection_reason').$type<RejectionReason>(),
    /**
     * The incident it reports. A writer that names none (the submissions, an archive made before
     * incidents) gets a new incident of the report's own date and type, made in the same
     * transaction by the trigger `report_makes_its_incident` (migration 0023): NOT NULL is checked
     * after it. Staff move a report between incidents only with a guarded update (link, split).
     */
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incident.id)
      .$defaultFn((): SQL<string> => sql`default`),
    /** A staff member can be deleted only once nothing points to them: disable them instead. */
    assignedTo: text('assigned_to').references(() => staffUser.id),
    /**
     * The reporter's receipt, as a slow keyed hash (`crypto/receipts.ts`); never the receipt itself.
     * Null for reports sent before receipts existed.
     */
    receiptHash: text('receipt_hash').unique(),
    /**
     * When the retention job erased the report's personal data and free texts (decision 0012);
     * what statistics need (date, type, answers, place) stays.
     */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
    // The questions of issues 17 and 18 (decision 0024); null on reports sent before them.
    /** "Is the threat still going on?": yes, no, or null (the reporter does not know, or skipped it). */
    threatOngoing: boolean('threat_ongoing'),
    /** Sealed: exactly `yes`, `no` or `ask-first` (may the report go to the police or to Unia). */
    sharingConsent: text('sharing_consent'),
    /** Sealed JSON array of the http(s) addresses of online content (type "online" only). */
    onlineUrls: text('online_urls'),
    /** The platform of online content (type "online" only); counted in the statistics. */
    onlinePlatform: text('online_platform').$type<OnlinePlatform>(),
    /**
     * Raised at submission when the type is one staff mark as urgent (URGENT_INCIDENT_TYPES) or the
     * reporter says the threat is going on: the on-call list is alerted and the dashboard shows it
     * at the top until someone takes it.
     */
    isUrgent: boolean('is_urgent').notNull().default(false),
    /**
     * When an urgent report was taken: its first assignment or its first status change, whichever
     * came first. A trigger (migration 0012) sets it inside the writer's transaction, whichever
     * operation makes the change; who did it is in the audit row of that change.
     */
    urgentTakenAt: timestamp('urgent_taken_at', { withTimezone: true }),
    /**
     * The first thing staff did that the reporter can see: the first status change or the first
     * staff message, whichever came first (decision 0029). Kept by triggers on those two tables
     * (migration 0016), so no writer can forget it; it outlives the thread's erasure.
     */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /**
     * How the report reached us (decision 0051): `web` for the site's form, otherwise the channel a
     * staff member recorded it from (phone, in person, e-mail…). A closed set, by CHECK.
     */
    source: text('source').$type<ReportSource>().notNull().default(WEB_SOURCE),
    /** The member who recorded a report from another channel; null exactly for the web form's reports. */
    recordedBy: text('recorded_by').references(() => staffUser.id),
  },
  (table) => [
    index('report_status_idx').on(table.status, table.createdAt),
    index('report_created_at_idx').on(table.createdAt),
    index('report_incident_date_idx').on(table.incidentDate),
    // The dashboard's urgent list: urgent reports nobody has taken yet.
    index('report_urgent_open_idx').on(table.createdAt).where(sql`"is_urgent" and "urgent_taken_at" is null`),
    index('report_incident_idx').on(table.incidentId),
    // Response times (decision 0029): the reports still waiting for a first answer, and the
    // arrival and first answer of every report, read by the index alone for the statistics.
    index('report_awaiting_response_idx')
      .on(table.createdAt)
      .where(sql`"first_response_at" is null and "is_quarantined" = false`),
    index('report_response_times_idx').on(table.createdAt, table.firstResponseAt).where(sql`"is_quarantined" = false`),
    check('report_status_check', isOneOf('status', REPORT_STATUSES)),
    check('report_language_check', isOneOf('language', LANGUAGE_CODES)),
    check('report_incident_type_check', isOneOf('incident_type', INCIDENT_TYPES)),
    check('report_rejection_reason_check', isOneOf('rejection_reason', STORED_REJECTION_REASONS)),
    check('report_spam_check_check', isOneOf('spam_check', REPORT_SPAM_CHECKS)),
    // Only a report a member recorded from another channel says no check applied (decision 0057).
    check('report_staff_recorded_not_web', rule(`"spam_check" <> 'staff-recorded' or "source" <> 'web'`)),
    // A rejected report says why; a report keeps a reason only while rejected or closed after it.
    check('report_rejected_has_reason', rule(`"status" <> 'rejected' or "rejection_reason" is not null`)),
    check('report_reason_only_when_decided', rule(`"rejection_reason" is null or "status" in ('rejected', 'closed')`)),
    check('report_anonymous_without_personal_data', rule(`not "is_anonymous" or "personal_data" is null`)),
    check('report_online_platform_check', isOneOf('online_platform', ONLINE_PLATFORMS)),
    // The addresses and the platform belong to online incidents only.
    check(
      'report_online_fields_only_online',
      rule(`("online_platform" is null and "online_urls" is null) or "incident_type" = '${ONLINE_INCIDENT_TYPE}'`),
    ),
    check('report_urgent_taken_only_urgent', rule(`"urgent_taken_at" is null or "is_urgent"`)),
    check('report_source_check', isOneOf('source', REPORT_SOURCES)),
    // A staff member recorded every report that did not come through the web form, and no other.
    check('report_recorded_by_staff', rule(`("source" = '${WEB_SOURCE}') = ("recorded_by" is null)`)),
  ],
);

/** A file attached to a report, with the storage metadata fields of the spec. The file itself is sealed. */
export const reportAttachment = pgTable(
  'report_attachment',
  {
    id: uuid('id').primaryKey(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    bucket: text('bucket').notNull(),
    generation: text('generation').notNull(),
    metageneration: integer('metageneration').notNull(),
    fullPath: text('full_path').notNull().unique(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    timeCreated: timestamp('time_created', { withTimezone: true }).notNull(),
    updated: timestamp('updated', { withTimezone: true }).notNull(),
    md5Hash: text('md5_hash').notNull(),
    cacheControl: text('cache_control'),
    contentDisposition: text('content_disposition'),
    contentEncoding: text('content_encoding'),
    contentLanguage: text('content_language'),
    /** The type of the file inside the sealed object (image/jpeg…), sniffed from its content. */
    contentType: text('content_type').notNull(),
    customMetadata: jsonb('custom_metadata').$type<Record<string, string>>().notNull().default({}),
    /** Sealed: a file name can identify its sender. */
    originalName: text('original_name'),
    /** Set when the reporter sent the file later, with a message on the follow-up page. */
    messageId: uuid('message_id').references(() => reportMessage.id, { onDelete: 'cascade' }),
    /**
     * Whether the stored file was cleaned of metadata as it arrived (photos re-encoded, PDFs rewritten,
     * decision 0031). False only for PDFs received before PDFs were cleaned, stored byte for byte,
     * until `npm run clean-old-pdfs` cleans them (migration 0020). No default: whoever writes a row says.
     */
    metadataRemoved: boolean('metadata_removed').notNull(),
  },
  (table) => [
    index('report_attachment_report_id_idx').on(table.reportId),
    check('report_attachment_size_check', rule(`"size" >= 0`)),
    check('report_attachment_metageneration_check', rule(`"metageneration" >= 1`)),
  ],
);

/**
 * The thread between a reporter and staff: the automatic acknowledgement, staff messages and the
 * reporter's answers. Bodies are sealed. `read_at` is when the other side first saw the message.
 */
export const reportMessage = pgTable(
  'report_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    /** 'reporter', 'staff' or 'system' (the acknowledgement, written in the reader's language). */
    author: text('author').$type<ThreadAuthor>().notNull(),
    /** The staff member who wrote it (staff messages only); shown to staff only, never to the reporter. */
    staffId: text('staff_id').references(() => staffUser.id),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('report_message_report_idx').on(table.reportId, table.createdAt),
    index('report_message_unread_idx').on(table.createdAt).where(sql`author = 'reporter' and read_at is null`),
    // The reporter messages still waiting for a staff answer (decision 0029), and staff answers by report.
    index('report_message_reporter_idx').on(table.reportId, table.createdAt).where(sql`author = 'reporter'`),
    index('report_message_staff_idx').on(table.reportId, table.createdAt).where(sql`author = 'staff'`),
    check('report_message_author_check', isOneOf('author', THREAD_AUTHORS)),
    check('report_message_staff_id_for_staff', rule(`("author" = 'staff') = ("staff_id" is not null)`)),
    // Only the automatic acknowledgement has no body (the page writes it in the reader's language).
    check('report_message_body_check', rule(`"author" = 'system' or "body" is not null`)),
  ],
);

/**
 * A reporter's open follow-up session. The cookie holds a random token; this table only its
 * SHA-256, so a database dump opens no session.
 */
export const followUpSession = pgTable(
  'follow_up_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('follow_up_session_last_active_idx').on(table.lastActiveAt)],
);

/** A contact message; the sender and the message are sealed together. */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<MessageStatus>().notNull().default('new'),
    language: text('language').$type<Language>().notNull(),
    /** Sealed JSON {firstName, lastName, email, phone, message}. */
    content: text('content').notNull(),
    isQuarantined: boolean('is_quarantined').notNull().default(false),
    /** ALTCHA's proof of work, or a form token for a message sent without JavaScript (decision 0021). */
    spamCheck: text('spam_check').$type<SpamCheck>().notNull().default('proof-of-work'),
  },
  () => [
    check('contact_message_spam_check_check', isOneOf('spam_check', SPAM_CHECKS)),
    check('contact_message_status_check', isOneOf('status', MESSAGE_STATUSES)),
    check('contact_message_language_check', isOneOf('language', LANGUAGE_CODES)),
  ],
);

/** ALTCHA challenges already used, until they expire: a solution works once, on every instance. */
export const altchaUsedChallenge = pgTable('altcha_used_challenge', {
  challengeId: text('challenge_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Staff notifications waiting to be sent, written in the same transaction as the submission: a
 * notification is never lost, and one that fails (SMTP down) is tried again later.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /**
     * The report an urgent alert or an assignment is about: its e-mail links to the report's page
     * (an urgent alert also names its type), nothing else. Null for the kinds that link to the
     * dashboard.
     */
    reportId: uuid('report_id').references(() => report.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The one staff member a personal notification (an assignment, the daily digest) goes to; the
     * address is read when it is sent, so none is copied here. Null for the NOTIFY_EMAILS kinds.
     */
    recipientStaffId: text('recipient_staff_id').references(() => staffUser.id, { onDelete: 'cascade' }),
  },
  (table) => [
    index('notification_outbox_pending_idx').on(table.nextAttemptAt).where(sql`sent_at is null`),
    check('notification_outbox_kind_check', isOneOf('kind', NOTIFICATION_KINDS)),
    check('notification_outbox_attempts_check', rule(`"attempts" >= 0`)),
    check('notification_outbox_urgent_has_report', rule(`"kind" <> 'urgentReport' or "report_id" is not null`)),
    // Personal kinds name their one recipient; the others go to a configured list and name nobody.
    check(
      'notification_outbox_recipient_check',
      rule(`("recipient_staff_id" is not null) = ("kind" in (${PERSONAL_NOTIFICATION_KINDS.map(literal).join(', ')}))`),
    ),
    check('notification_outbox_assignment_has_report', rule(`"kind" <> 'reportAssigned' or "report_id" is not null`)),
  ],
);

/**
 * The counters of rate-limiter-flexible (its own table layout), shared by every instance. Keys are
 * HMACs of client addresses, never the addresses themselves.
 */
export const rateLimit = pgTable('rate_limit', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * One row holding one number that grows whenever something a public page shows changes: the
 * staff-edited texts and numbers, the published incidents, the reports behind the 30-day count.
 * Statement triggers keep it (migration 0007), inside the writer's transaction, so a reader sees
 * the new number only once the change is committed. The public page cache compares it
 * (docs/decisions/0014-public-page-cache.md).
 */
export const siteRevision = pgTable('site_revision', {
  id: integer('id').primaryKey().default(1),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** Binary data (PostgreSQL bytea), which pg reads and writes as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files that the storage did not take within the reporter's wait (UPLOAD_WAIT_SECONDS), kept
 * sealed in the database until the spool mover puts them in storage (decision 0025). Written in
 * the same transaction as the attachment row naming the file, so a file is never lost and never
 * orphaned. Every instance reads it (staff downloads, backups, key rotation) and moves it; a
 * mover claims a row with `for update skip locked` and a lease, so no two instances move one file.
 */
export const spooledFile = pgTable(
  'spooled_file',
  {
    fullPath: text('full_path').primaryKey(),
    /** The sealed bytes, as they will lie in storage. */
    data: bytea('data').notNull(),
    /** The object's metadata (ObjectMetadata), computed when the file was spooled. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every change of the bytes (key rotation), so that a mover moving older bytes keeps the row. */
    version: integer('version').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when one mover holds the row (longer than one upload's budget). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The storage error code of the last failed move (never a message: no path, no data). */
    lastErrorCode: text('last_error_code'),
  },
  (table) => [
    index('spooled_file_due_idx').on(table.nextAttemptAt),
    check('spooled_file_size_check', rule(`"size" >= 0 and "size" = octet_length("data")`)),
    check('spooled_file_attempts_check', rule(`"attempts" >= 0 and "version" >= 1`)),
  ],
);

/** What a submission key stands for: a report, or a reporter's message on the follow-up page. */
export const SUBMISSION_KEY_KINDS = ['report', 'reply'] as const;
export type SubmissionKeyKind = (typeof SUBMISSION_KEY_KINDS)[number];

/**
 * The submission keys (idempotency keys) of the last day's reports and follow-up messages
 * (decision 0025): a form sent twice with the same key is stored once, and the second answer is
 * the first one. The key itself is not kept, only its HMAC (the primary key: the unique index that
 * refuses a duplicate); the first answer's receipt is sealed under a key derived from the
 * submission key, which only the reporter's browser holds.
 */
export const submissionKey = pgTable(
  'submission_key',
  {
    keyHash: text('key_hash').primaryKey(),
    kind: text('kind').$type<SubmissionKeyKind>().notNull(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    /** The receipt of the first answer (reports only), sealed under the submission key; erased once used. */
    sealedAnswer: text('sealed_answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('submission_key_created_idx').on(table.createdAt),
    index('submission_key_report_idx').on(table.reportId),
    check('submission_key_kind_check', isOneOf('kind', SUBMISSION_KEY_KINDS)),
    check('submission_key_answer_check', rule(`"kind" = 'report' or "sealed_answer" is null`)),
  ],
);

/**
 * The last success and failure of each scheduled job, shared by every instance (decision 0030):
 * for the metrics and the alerts. `last_failure_reason` is a code or an error's class, never a
 * message (which could hold data).
 */
export const scheduledJob = pgTable(
  'scheduled_job',
  {
    name: text('name').$type<AlertSubject>().primaryKey(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    lastFailureReason: text('last_failure_reason'),
  },
  () => [
    check('scheduled_job_name_check', isOneOf('name', ALERT_SUBJECTS)),
    check('scheduled_job_reason_check', rule(`"last_failure_reason" ~ '^[A-Za-z0-9_-]{1,40}$'`)),
  ],
);

/**
 * Operational alerts (decision 0030): open until their condition is gone. One open alert per kind
 * and subject (the partial unique index), so each incident is e-mailed once when it opens and once
 * when it is resolved, whatever the number of instances and checks.
 */
export const alert = pgTable(
  'alert',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<AlertKind>().notNull(),
    subject: text('subject').$type<AlertSubject>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedNotifiedAt: timestamp('resolved_notified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('alert_open_idx').on(table.kind, table.subject).where(sql`resolved_at is null`),
    check('alert_kind_check', isOneOf('kind', ALERT_KINDS)),
    check('alert_subject_check', isOneOf('subject', ALERT_SUBJECTS)),
    check('alert_resolved_check', rule(`"resolved_notified_at" is null or "resolved_at" is not null`)),
  ],
);
