import { item, type PolicyField } from './policy-field.ts';

/** Passing a report on, keeping and erasing, contact messages, and who looked: items of POLICY_FIELDS. */
export const HANDLING_FIELDS: readonly PolicyField[] = [
  // Passing a report on.
  item('sharing.evidence-pack', 'Evidence packs for the police or Unia (decision 0026); not stored, audited'),
  item(
    'sharing.record',
    'Each time a report left: kind, to whom, when, with the identity or not; shown to the reporter (decision 0046)',
    {
      report_disclosure: ['id', 'report_id', 'kind', 'recipient', 'identity_included', 'pack_id', 'occurred_at'],
    },
  ),
  item(
    'sharing.referral',
    'Referrals to partner organisations, only as the sharing answer allows (decision 0050): the partner, the pack, the agreement, the partner’s reference (sealed), status and outcome, the day the partner first answered',
    {
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
  ),
  // Keeping and erasing.
  item('report.erased', 'When the report’s personal data was erased', { report: ['personal_data_erased_at'] }),
  item('retention.legal-hold', 'A legal hold on a case under proceedings; its reason sealed (decision 0040)', {
    legal_hold: ['id', 'report_id', 'reason', 'set_by', 'set_at', 'reviewed_by', 'reviewed_at'],
  }),
  item('retention.erasure-record', 'The record an erasure leaves: when, why, how many files; nothing personal', {
    report_erasure: ['report_id', 'erased_at', 'via', 'outcome', 'period_months', 'files'],
  }),
  item(
    'reporter.requests',
    'The reporter’s consent withdrawn and request for erasure, with staff’s answer and reason (decision 0046)',
    {
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
  ),
  item('site.backups', 'Backups: sealed archives of the database and the files'),
  // Contact messages.
  item('contact.message', 'The sender’s name, e-mail, phone and message, sealed together', {
    contact_message: ['content'],
  }),
  item('contact.handling', 'When it arrived, its language, status and spam check', {
    contact_message: ['id', 'created_at', 'status', 'language', 'is_quarantined', 'spam_check'],
  }),
  // Who looked.
  item('audit.event', 'The audit log: who in the staff did what to which record, and when; never a reporter’s data', {
    audit_event: ['id', 'occurred_at', 'actor_id', 'actor_kind', 'action', 'subject_type', 'subject_id', 'details'],
  }),
];
