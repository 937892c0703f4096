/**
 * Operational alerts (decision 0030): what the administrators are told by e-mail and see on the
 * dashboard until it is resolved. Closed sets: the database refuses anything else.
 */
export const ALERT_KINDS = ['job-failing', 'backlog'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A scheduled job (for job-failing), or the queue that is late (for backlog: outbox, spool-mover). */
export const ALERT_SUBJECTS = [
  'retention',
  'orphan-sweep',
  'outbox',
  'spool-mover',
  'maintenance',
  'backup',
  'digest',
  'early-warning',
] as const;
export type AlertSubject = (typeof ALERT_SUBJECTS)[number];

/** An open alert as the admin dashboard shows it. */
export type DashboardAlert = { kind: AlertKind; subject: AlertSubject; openedAt: string };

const camel = (value: string) => value.replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase());

/** Where an alert's sentence is, in the internal namespace: `alerts.problems.jobFailing.orphanSweep`. */
export function alertProblemKey({ kind, subject }: Pick<DashboardAlert, 'kind' | 'subject'>): string {
  return `alerts.problems.${camel(kind === 'job-failing' ? 'job-failing' : 'backlog')}.${camel(subject)}`;
}
