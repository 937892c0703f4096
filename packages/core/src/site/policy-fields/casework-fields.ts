import { item, type PolicyField } from './policy-field.ts';

/** What staff record about a report and its incident: items of POLICY_FIELDS. */
export const CASEWORK_FIELDS: readonly PolicyField[] = [
  // What staff do with a report.
  item(
    'report.casework',
    'Status, when it changed, why a report was rejected, who it is assigned to, when it arrived and was first answered',
    {
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
  ),
  item('report.urgency', 'Urgent (type or ongoing threat) and when someone took it', {
    report: ['is_urgent', 'urgent_taken_at'],
  }),
  item('casework.history', 'Every status change: who, when, from what to what, why', {
    report_status_change: ['id', 'report_id', 'from_status', 'to_status', 'reason', 'actor_id', 'occurred_at'],
  }),
  item('casework.notes', 'Staff’s internal notes and reminders, sealed', {
    report_note: ['id', 'report_id', 'author_id', 'created_at', 'body'],
    report_reminder: ['id', 'report_id', 'due_on', 'note', 'created_by', 'created_at', 'done_at', 'done_by'],
  }),
  item(
    'support.given',
    'Support given (decision 0053): the needs raised, the services given (what was done, sealed; by a member or a partner; the day; if withdrawn as a mistake, when, by whom and why, sealed) and a safety plan (sealed, coordinators and admins only)',
    {
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
  ),
  item(
    'support.feedback',
    'The question asked in the thread when the case closes, and the reporter’s answer 1 to 5 with optional words (sealed); counted only in groups',
    {
      support_feedback: ['id', 'report_id', 'message_id', 'asked_at', 'rating', 'words', 'answered_at'],
    },
  ),
  item('casework.staff-mail', 'E-mails to staff about a report: a link and at most its type, never its content', {
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
  }),
  item(
    'report.incident',
    'The incident the report belongs to: linked with others that tell of the same incident (decision 0037)',
    { report: ['incident_id'] },
  ),
  item(
    'incident.grouping',
    'The incident itself: when made and changed, whether it counts in the figures, what its counting reports said (how many anonymous, police called, medical treatment, the ways they came, the platform; decision 0058); suggested links staff dismissed, by whom and when (decision 0043); the early warnings that count it with others of the same place, address or tag (decision 0052)',
    {
      incident: [
        'id',
        'created_at',
        'updated_at',
        'revision',
        'counts',
        'reporters_anonymous',
        'reporters_called_police',
        'reporters_medical_treatment',
        'reporters_sources',
        'reporters_platform',
      ],
      incident_link_dismissal: ['incident_a', 'incident_b', 'dismissed_by', 'dismissed_at'],
      early_warning_incident: ['warning_id', 'incident_id'],
    },
  ),
  item(
    'incident.classification',
    'Staff’s classification of the incident: date, type, category, manifestations, target, how known, type of place, tags (decision 0044)',
    {
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
  ),
  item(
    'incident.place',
    'The municipality, arrondissement and province staff record (never the reporter’s own place; decision 0047)',
    { incident: ['municipality', 'province', 'arrondissement'] },
  ),
  item(
    'incident.publication',
    'The published incident: date, type, place, summaries staff wrote, and how precisely the list shows date and place (decision 0047)',
    {
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
  ),
];
