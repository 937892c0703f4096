/**
 * What a staff notification is about: a new report, a new contact message, a reporter's answer on
 * the follow-up page, an urgent report (to the on-call list, decision 0024). The outbox refuses any
 * other kind (decision 0016).
 */
export const NOTIFICATION_KINDS = ['newReport', 'newMessage', 'followUpReply', 'urgentReport'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
