/**
 * What a staff notification is about: a new report, a new contact message, a reporter's answer on
 * the follow-up page (to NOTIFY_EMAILS); an urgent report (to the on-call list, decision 0024); a
 * report assigned to someone, their daily digest (to that staff member alone, decision 0028). The
 * outbox refuses any other kind (decision 0016).
 */
export const NOTIFICATION_KINDS = [
  'newReport',
  'newMessage',
  'followUpReply',
  'urgentReport',
  'reportAssigned',
  'dailyDigest',
  /** A reporter withdrew their consent or asked for erasure (decision 0046): the report's link, nothing else. */
  'reporterRequest',
  /**
   * An early warning raised (decision 0052): to the coordinators and admins, once per warning; the
   * municipality, the type, category or tag, the count and the window, never an online address.
   */
  'earlyWarning',
] as const;

/** The kinds sent to one staff member (`recipient_staff_id`) rather than to a configured list. */
export const PERSONAL_NOTIFICATION_KINDS = ['reportAssigned', 'dailyDigest'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
