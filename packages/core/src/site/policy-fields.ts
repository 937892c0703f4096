import { SHARING_CONSENTS, type SharingConsent } from '../forms/report-questions.ts';

/**
 * Everything the site keeps about a report, its incident, its reply notice and a contact message,
 * and every answer a reporter can give to the sharing question, each under a stable id that the
 * privacy policy names (decision 0045).
 *
 * The policy in every language marks, under the heading of the section that explains an item, the
 * ids it covers: `<!-- covers: report.description report.place -->` (the marker is removed before
 * the page is drawn and before the spell check reads the text). `policy-fields.test.ts` (in
 * apps/server) fails when a column of one of `POLICY_TABLES`, or of any table that points to them,
 * is named by no item, and when an item is not marked in the same section of every language's
 * `privacy.md`. A new column therefore cannot ship until the policy says what it is, in five languages.
 *
 * An item without columns is a processing that stores nothing of its own (a pack, a referral, a
 * backup) or a value of a column (the three answers to the sharing question).
 */
export interface PolicyField {
  /** Stable: the policy's markers name it. Never reuse an id for another meaning. */
  readonly id: string;
  /** For the people who keep this list: what the item is. */
  readonly what: string;
  /** The database columns this item stands for, by table (the SQL names). */
  readonly columns?: Readonly<Record<string, readonly string[]>>;
}

/** The tables whose every column an item must name; tables that point to them join by the test's rule. */
export const POLICY_TABLES = ['report', 'incident', 'contact_message', 'audit_event'] as const;

/**
 * Tables that point to a report or an incident but hold nothing about a person or a case: the
 * test leaves them out by name, each with its reason, so that leaving one out is a decision.
 */
export const POLICY_EXEMPT_TABLES: Readonly<Record<string, string>> = {};

const consentValue = (value: SharingConsent, what: string): PolicyField => ({ id: `consent.${value}`, what });

export const POLICY_FIELDS: readonly PolicyField[] = [
  // What the reporter tells us.
  {
    id: 'report.identity',
    what: 'Anonymous or not; name, phone, e-mail and postal address (sealed JSON), none when anonymous',
    columns: { report: ['is_anonymous', 'personal_data'] },
  },
  { id: 'report.date-time', what: 'When it happened', columns: { report: ['incident_date', 'incident_time'] } },
  {
    id: 'report.place',
    what: 'Where it happened, in the reporter’s words (sealed)',
    columns: { report: ['location'] },
  },
  { id: 'report.type', what: 'The type of incident the reporter chose', columns: { report: ['incident_type'] } },
  { id: 'report.description', what: 'What happened (sealed)', columns: { report: ['description'] } },
  {
    id: 'report.search-index',
    what: 'Keyed fingerprints of the words of the report’s sealed texts, notes and messages, for staff search (decision 0055)',
    columns: {
      report_search_token: ['report_id', 'key_id', 'token'],
      report_search_state: ['report_id', 'key_id', 'indexed_at'],
    },
  },
  {
    id: 'report.online',
    what: 'Online incidents: up to five addresses (sealed), their keyed fingerprints (decision 0043) and the platform',
    columns: { report: ['online_urls', 'online_platform'], report_url_hash: ['report_id', 'hash'] },
  },
  {
    id: 'report.threat',
    what: 'Is the threat still going on? yes, no, not known',
    columns: { report: ['threat_ongoing'] },
  },
  {
    id: 'report.police',
    what: 'Whether the police were called, and the police report number',
    columns: { report: ['called_police', 'police_report_number'] },
  },
  {
    id: 'report.other-answers',
    what: 'Whether the reporter called us; whether medical treatment was needed',
    columns: { report: ['called_organisation', 'medical_treatment'] },
  },
  {
    id: 'report.sharing-consent',
    what: 'The answer to "may we pass your report to the police or to Unia?" (sealed)',
    columns: { report: ['sharing_consent'] },
  },
  ...SHARING_CONSENTS.map((value) =>
    consentValue(value, `The sharing answer "${value}" and what it lets us do (decision 0024)`),
  ),
  { id: 'report.terms', what: 'When the reporter accepted the terms', columns: { report: ['terms_accepted_at'] } },
  { id: 'report.language', what: 'The language the report was written in', columns: { report: ['language'] } },
  {
    id: 'report.spam-check',
    what: 'How the form was checked against spam, or that a staff member recorded it; held back by the honeypot',
    columns: { report: ['spam_check', 'is_quarantined'] },
  },
  {
    id: 'report.channel',
    what: 'How the report reached us (the web form, phone, in person…) and, when a staff member recorded it, who (decision 0051)',
    columns: { report: ['source', 'recorded_by'] },
  },
  {
    id: 'report.receipt',
    what: 'The receipt, as a one-way hash only',
    columns: { report: ['receipt_hash'] },
  },
  {
    id: 'report.submission-key',
    what: 'A day-long key that keeps a form sent twice once (its HMAC; the receipt sealed under it)',
    columns: { submission_key: ['key_hash', 'kind', 'report_id', 'sealed_answer', 'created_at'] },
  },
  {
    id: 'attachment.file',
    what: 'An attached file, sealed, and the storage’s facts about it (size, type, fingerprint, names we generate)',
    columns: {
      report_attachment: [
        'id',
        'report_id',
        'message_id',
        'bucket',
        'generation',
        'metageneration',
        'full_path',
        'name',
        'size',
        'time_created',
        'updated',
        'md5_hash',
        'cache_control',
        'content_disposition',
        'content_encoding',
        'content_language',
        'content_type',
        'custom_metadata',
      ],
    },
  },
  {
    id: 'attachment.original-name',
    what: 'The file’s own name, sealed',
    columns: { report_attachment: ['original_name'] },
  },
  {
    id: 'attachment.cleaned',
    what: 'Whether the file was cleaned of its metadata (photos re-encoded, PDFs rewritten)',
    columns: { report_attachment: ['metadata_removed'] },
  },
  // The follow-up page.
  {
    id: 'thread.message',
    what: 'The messages between reporter and staff (sealed), who wrote them, when they were read',
    columns: { report_message: ['id', 'report_id', 'author', 'staff_id', 'body', 'created_at', 'read_at'] },
  },
  {
    id: 'thread.session',
    what: 'An open follow-up session: the hash of the cookie’s token, 20 minutes idle',
    columns: { follow_up_session: ['token_hash', 'report_id', 'created_at', 'last_active_at'] },
  },
  {
    id: 'notice.address',
    what: 'The reply notice’s address, sealed, apart from the identity (decision 0041)',
    columns: { reply_notice: ['address'] },
  },
  {
    id: 'notice.sender',
    what: 'The neutral sender name chosen, and the notice’s language',
    columns: { reply_notice: ['sender', 'language'] },
  },
  {
    id: 'notice.sending',
    what: 'When a notice is owed and was last sent, its tries',
    columns: {
      reply_notice: ['id', 'report_id', 'created_at', 'due_since', 'attempts', 'next_attempt_at', 'last_sent_at'],
    },
  },
  // What staff do with a report.
  {
    id: 'report.casework',
    what: 'Status, when it changed, why a report was rejected, who it is assigned to, when it arrived and was first answered',
    columns: {
      report: [
        'id',
        'created_at',
        'status',
        'status_changed_at',
        'rejection_reason',
        'assigned_to',
        'first_response_at',
      ],
    },
  },
  {
    id: 'report.urgency',
    what: 'Urgent (type or ongoing threat) and when someone took it',
    columns: { report: ['is_urgent', 'urgent_taken_at'] },
  },
  {
    id: 'casework.history',
    what: 'Every status change: who, when, from what to what, why',
    columns: {
      report_status_change: ['id', 'report_id', 'from_status', 'to_status', 'reason', 'actor_id', 'occurred_at'],
    },
  },
  {
    id: 'casework.notes',
    what: 'Staff’s internal notes and reminders, sealed',
    columns: {
      report_note: ['id', 'report_id', 'author_id', 'created_at', 'body'],
      report_reminder: ['id', 'report_id', 'due_on', 'note', 'created_by', 'created_at', 'done_at', 'done_by'],
    },
  },
  {
    id: 'support.given',
    what: 'Support given (decision 0053): the needs raised, the services given (what was done, sealed; by a member or a partner; the day; if withdrawn as a mistake, when, by whom and why, sealed) and a safety plan (sealed, coordinators and admins only)',
    columns: {
      support_need: ['report_id', 'need', 'recorded_at'],
      support_service: [
        'id',
        'report_id',
        'need',
        'description',
        'provider',
        'provider_staff_id',
        'partner_id',
        'given_on',
        'recorded_by',
        'recorded_at',
        'withdrawn_at',
        'withdrawn_by',
        'withdrawal_reason',
      ],
      report_support: ['id', 'report_id', 'safety_plan', 'revision', 'updated_by', 'updated_at'],
    },
  },
  {
    id: 'support.feedback',
    what: 'The question asked in the thread when the case closes, and the reporter’s answer 1 to 5 with optional words (sealed); counted only in groups',
    columns: {
      support_feedback: ['id', 'report_id', 'message_id', 'asked_at', 'rating', 'words', 'answered_at'],
    },
  },
  {
    id: 'casework.staff-mail',
    what: 'E-mails to staff about a report: a link and at most its type, never its content',
    columns: {
      notification_outbox: [
        'id',
        'kind',
        'report_id',
        'created_at',
        'attempts',
        'next_attempt_at',
        'sent_at',
        'last_error',
        'recipient_staff_id',
      ],
    },
  },
  {
    id: 'report.incident',
    what: 'The incident the report belongs to: linked with others that tell of the same incident (decision 0037)',
    columns: { report: ['incident_id'] },
  },
  {
    id: 'incident.grouping',
    what: 'The incident itself: when made and changed, whether it counts in the figures; suggested links staff dismissed, by whom and when (decision 0043); the early warnings that count it with others of the same place, address or tag (decision 0052)',
    columns: {
      incident: ['id', 'created_at', 'updated_at', 'revision', 'counts'],
      incident_link_dismissal: ['incident_a', 'incident_b', 'dismissed_by', 'dismissed_at'],
      early_warning_incident: ['warning_id', 'incident_id'],
    },
  },
  {
    id: 'incident.classification',
    what: 'Staff’s classification of the incident: date, type, category, manifestations, target, how known, type of place, tags (decision 0044)',
    columns: {
      incident: [
        'incident_date',
        'incident_type',
        'category',
        'manifestations',
        'target',
        'known_through',
        'place_type',
      ],
      incident_tag_link: ['incident_id', 'tag_id'],
    },
  },
  {
    id: 'incident.place',
    what: 'The municipality, arrondissement and province staff record (never the reporter’s own place; decision 0047)',
    columns: { incident: ['municipality', 'province', 'arrondissement'] },
  },
  {
    id: 'incident.publication',
    what: 'The published incident: date, type, place, summaries staff wrote, and how precisely the list shows date and place (decision 0047)',
    columns: {
      public_incident: [
        'incident_id',
        'incident_date',
        'incident_type',
        'municipality',
        'province',
        'arrondissement',
        'date_precision',
        'place_precision',
        'summaries',
        'original_language',
        'published_at',
        'published_by',
      ],
    },
  },
  // Passing a report on.
  { id: 'sharing.evidence-pack', what: 'Evidence packs for the police or Unia (decision 0026); not stored, audited' },
  {
    id: 'sharing.record',
    what: 'Each time a report left: kind, to whom, when, with the identity or not; shown to the reporter (decision 0046)',
    columns: {
      report_disclosure: ['id', 'report_id', 'kind', 'recipient', 'identity_included', 'pack_id', 'occurred_at'],
    },
  },
  {
    id: 'sharing.referral',
    what: 'Referrals to partner organisations, only as the sharing answer allows (decision 0050): the partner, the pack, the agreement, the partner’s reference (sealed), status and outcome, the day the partner first answered',
    columns: {
      referral: [
        'id',
        'report_id',
        'partner_id',
        'pack_id',
        'identity_included',
        'reporter_agreed_on',
        'reporter_agreed_via',
        'referred_by',
        'sent_at',
        'reference',
        'status',
        'outcome',
        'first_answer_at',
        'first_answer_on',
        'closed_at',
        'outcome_at',
        'revision',
        'updated_at',
      ],
    },
  },
  // Keeping and erasing.
  {
    id: 'report.erased',
    what: 'When the report’s personal data was erased',
    columns: { report: ['personal_data_erased_at'] },
  },
  {
    id: 'retention.legal-hold',
    what: 'A legal hold on a case under proceedings; its reason sealed (decision 0040)',
    columns: { legal_hold: ['id', 'report_id', 'reason', 'set_by', 'set_at', 'reviewed_by', 'reviewed_at'] },
  },
  {
    id: 'retention.erasure-record',
    what: 'The record an erasure leaves: when, why, how many files; nothing personal',
    columns: { report_erasure: ['report_id', 'erased_at', 'via', 'outcome', 'period_months', 'files'] },
  },
  {
    id: 'reporter.requests',
    what: 'The reporter’s consent withdrawn and request for erasure, with staff’s answer and reason (decision 0046)',
    columns: {
      reporter_request: [
        'id',
        'report_id',
        'kind',
        'requested_at',
        'answered_at',
        'answered_by',
        'outcome',
        'refusal_reason',
      ],
    },
  },
  { id: 'site.backups', what: 'Backups: sealed archives of the database and the files' },
  // Contact messages.
  {
    id: 'contact.message',
    what: 'The sender’s name, e-mail, phone and message, sealed together',
    columns: { contact_message: ['content'] },
  },
  {
    id: 'contact.handling',
    what: 'When it arrived, its language, status and spam check',
    columns: { contact_message: ['id', 'created_at', 'status', 'language', 'is_quarantined', 'spam_check'] },
  },
  // Who looked.
  {
    id: 'audit.event',
    what: 'The audit log: who in the staff did what to which record, and when; never a reporter’s data',
    columns: {
      audit_event: ['id', 'occurred_at', 'actor_id', 'actor_kind', 'action', 'subject_type', 'subject_id', 'details'],
    },
  },
];

/** The ids, in the list's order. */
export const POLICY_FIELD_IDS: readonly string[] = POLICY_FIELDS.map((field) => field.id);

/** The marker a policy section carries: `<!-- covers: id id … -->`, on a line of its own. */
export const POLICY_MARKER = /<!--\s*covers:([^>]*?)-->/g;

/** The ids named by the markers of a text. */
export function markedFieldIds(markdown: string): string[] {
  return [...markdown.matchAll(POLICY_MARKER)].flatMap((match) => (match[1] ?? '').trim().split(/\s+/).filter(Boolean));
}

/** A policy's Markdown without its markers, as the page shows it and the spell check reads it. */
export function withoutPolicyMarkers(markdown: string): string {
  return markdown.replace(/^[ \t]*<!--\s*covers:[^>]*?-->[ \t]*\n?/gm, '').replace(POLICY_MARKER, '');
}
