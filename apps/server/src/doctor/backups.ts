import type pg from 'pg';
import { type Finding, ok } from './finding.ts';

/** A backup older than this is no longer recent: a warning. */
export const BACKUP_WARNING_HOURS = 26;
/** Older than this, with data to lose: a blocker. */
export const BACKUP_BLOCKER_HOURS = 72;

/**
 * A recent backup, as the backup command records it (table `scheduled_job`, decision 0030), and
 * no failure since. Without anything stored yet, a missing backup is only a warning.
 */
export async function backupFindings(pool: Pick<pg.Pool, 'query'>, now = new Date()): Promise<Finding[]> {
  const { rows } = await pool.query<{
    success: Date | null;
    failure: Date | null;
    reason: string | null;
    data: boolean;
  }>(
    `select (select last_success_at from scheduled_job where name = 'backup') as success,
            (select last_failure_at from scheduled_job where name = 'backup') as failure,
            (select last_failure_reason from scheduled_job where name = 'backup') as reason,
            exists (select 1 from report) or exists (select 1 from contact_message) as data`,
  );
  const { success, failure, reason, data } = rows[0] ?? { success: null, failure: null, reason: null, data: false };
  const fix =
    'Run the backup command (community-safety backup, or npm run backup) and schedule it daily (docs/deployment.md, section 9).';
  if (failure && (!success || failure > success)) {
    return [
      {
        check: 'backup',
        severity: 'blocker',
        message: `The last backup failed (${failure.toISOString()}, ${reason ?? 'no reason'})${success ? `; the last good one is of ${success.toISOString()}` : ''}.`,
        fix,
      },
    ];
  }
  if (!success) {
    return [
      {
        check: 'backup',
        severity: data ? 'blocker' : 'warning',
        message: data ? 'The site holds reports or messages and has never been backed up.' : 'No backup yet.',
        fix,
      },
    ];
  }
  const hours = (now.getTime() - success.getTime()) / 3_600_000;
  const when = `The last backup is of ${success.toISOString()} (${hours < 1 ? 'less than an hour' : `${Math.floor(hours)} hours`} ago)`;
  if (hours > BACKUP_WARNING_HOURS) {
    return [
      {
        check: 'backup',
        severity: hours > BACKUP_BLOCKER_HOURS && data ? 'blocker' : 'warning',
        message: `${when}.`,
        fix,
      },
    ];
  }
  return [ok('backup', `${when}.`)];
}
