/**
 * One result of `doctor` (issue 28): what was checked, how bad it is, and what to do about it.
 * A blocker makes `doctor` exit with status 1; at start the site logs every finding that is not
 * `ok` as a warning (one refusal aside: doctor/settings.ts, startRefusal).
 */
export type Severity = 'ok' | 'info' | 'warning' | 'blocker';

export type Finding = {
  /** A short name of the check: `public-url`, `smtp`, `disk`… */
  check: string;
  severity: Severity;
  /** What was found, in one or two sentences for the operator (English, as every command's text). */
  message: string;
  /** How to put it right, when there is something to do. */
  fix?: string;
};

export const ok = (check: string, message: string): Finding => ({ check, severity: 'ok', message });

/** The worst severity among the findings. */
export function worst(findings: readonly Finding[]): Severity {
  const order: Severity[] = ['ok', 'info', 'warning', 'blocker'];
  return findings.reduce<Severity>(
    (current, finding) => (order.indexOf(finding.severity) > order.indexOf(current) ? finding.severity : current),
    'ok',
  );
}
