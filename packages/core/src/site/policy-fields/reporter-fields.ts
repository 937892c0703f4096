import { SHARING_CONSENTS } from '../../forms/report-questions.ts';
import { item, type PolicyField } from './policy-field.ts';

/** What a reporter gives us (the form, its files, the follow-up page, a reply notice): items of POLICY_FIELDS. */
export const REPORTER_FIELDS: readonly PolicyField[] = [
  // What the reporter tells us.
  item(
    'report.identity',
    'Anonymous or not; name, phone, e-mail and postal address (sealed JSON), none when anonymous',
    { report: ['is_anonymous', 'personal_data'] },
  ),
  item('report.date-time', 'When it happened', { report: ['incident_date', 'incident_time'] }),
  item('report.place', 'Where it happened, in the reporter’s words (sealed)', { report: ['location'] }),
  item('report.type', 'The type of incident the reporter chose', { report: ['incident_type'] }),
  item('report.description', 'What happened (sealed)', { report: ['description'] }),
  item(
    'report.search-index',
    'Keyed fingerprints of the words of the report’s sealed texts, notes and messages, for staff search (decision 0055)',
    {
      report_search_token: ['report_id', 'key_id', 'token'],
      report_search_state: ['report_id', 'key_id', 'indexed_at'],
    },
  ),
  item(
    'report.online',
    'Online incidents: up to five addresses (sealed), their keyed fingerprints (decision 0043) and the platform',
    { report: ['online_urls', 'online_platform'], report_url_hash: ['report_id', 'hash'] },
  ),
  item('report.threat', 'Is the threat still going on? yes, no, not known', { report: ['threat_ongoing'] }),
  item('report.police', 'Whether the police were called, and the police report number', {
    report: ['called_police', 'police_report_number'],
  }),
  item('report.other-answers', 'Whether the reporter called us; whether medical treatment was needed', {
    report: ['called_organisation', 'medical_treatment'],
  }),
  item('report.sharing-consent', 'The answer to "may we pass your report to the police or to Unia?" (sealed)', {
    report: ['sharing_consent'],
  }),
  ...SHARING_CONSENTS.map((value) =>
    item(`consent.${value}`, `The sharing answer "${value}" and what it lets us do (decision 0024)`),
  ),
  item('report.terms', 'When the reporter accepted the terms', { report: ['terms_accepted_at'] }),
  item('report.language', 'The language the report was written in', { report: ['language'] }),
  item(
    'report.spam-check',
    'How the form was checked against spam, or that a staff member recorded it; held back by the honeypot',
    {
      report: ['spam_check', 'is_quarantined'],
    },
  ),
  item(
    'report.channel',
    'How the report reached us (the web form, phone, in person…) and, when a staff member recorded it, who (decision 0051)',
    { report: ['source', 'recorded_by'] },
  ),
  item('report.receipt', 'The receipt, as a one-way hash only', { report: ['receipt_hash'] }),
  item(
    'report.submission-key',
    'A day-long key that keeps a form sent twice once (its HMAC; the receipt sealed under it)',
    { submission_key: ['key_hash', 'kind', 'report_id', 'sealed_answer', 'created_at'] },
  ),
  item(
    'attachment.file',
    'An attached file, sealed, and the storage’s facts about it (size, type, fingerprint, names we generate)',
    {
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
  ),
  item('attachment.original-name', 'The file’s own name, sealed', { report_attachment: ['original_name'] }),
  item('attachment.cleaned', 'Whether the file was cleaned of its metadata (photos re-encoded, PDFs rewritten)', {
    report_attachment: ['metadata_removed'],
  }),
  // The follow-up page.
  item('thread.message', 'The messages between reporter and staff (sealed), who wrote them, when they were read', {
    report_message: ['id', 'report_id', 'author', 'staff_id', 'body', 'created_at', 'read_at'],
  }),
  item('thread.session', 'An open follow-up session: the hash of the cookie’s token, 20 minutes idle', {
    follow_up_session: ['token_hash', 'report_id', 'created_at', 'last_active_at'],
  }),
  item('notice.address', 'The reply notice’s address, sealed, apart from the identity (decision 0041)', {
    reply_notice: ['address'],
  }),
  item('notice.sender', 'The neutral sender name chosen, and the notice’s language', {
    reply_notice: ['sender', 'language'],
  }),
  item('notice.sending', 'When a notice is owed and was last sent, its tries', {
    reply_notice: ['id', 'report_id', 'created_at', 'due_since', 'attempts', 'next_attempt_at', 'last_sent_at'],
  }),
];
