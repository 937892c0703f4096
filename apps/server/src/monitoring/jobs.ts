import { ALERT_SUBJECTS, type AlertSubject } from '@app/core/staff/alerts';
import type pg from 'pg';

/**
 * The scheduled jobs whose runs are recorded (table `scheduled_job`), for the metrics and the
 * alerts (decision 0030). The database refuses any other name.
 */
export const SCHEDULED_JOBS = ALERT_SUBJECTS;
export type ScheduledJob = AlertSubject;

/** A success is written at most this often per job and instance (the outbox runs every 5 s). */
const SUCCESS_EVERY_MS = 60_000;

export type JobRecorder = {
  success(job: ScheduledJob): Promise<void>;
  /** `reason` is a code or an error's class, never a message that could hold data. */
  failure(job: ScheduledJob, reason: string): Promise<void>;
};

/** What a failure may say: a short code, nothing else. */
export function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(code)) return code;
  const name = (error as Error)?.name;
  return typeof name === 'string' && /^[A-Za-z]{1,40}$/.test(name) ? name : 'Error';
}

/**
 * Records each job's last success and failure, shared by every instance. Never throws: a database
 * that cannot be reached is what the other signals (readiness) report.
 */
export function createJobRecorder(pool: Pick<pg.Pool, 'query'>): JobRecorder {
  const lastWritten = new Map<ScheduledJob, number>();
  const failing = new Set<ScheduledJob>();
  const write = async (job: ScheduledJob, ok: boolean, reason: string | null) => {
    try {
      await pool.query(
        ok
          ? `insert into scheduled_job (name, last_success_at) values ($1, now())
             on conflict (name) do update set last_success_at = now()`
          : `insert into scheduled_job (name, last_failure_at, last_failure_reason) values ($1, now(), $2)
             on conflict (name) do update set last_failure_at = now(), last_failure_reason = $2`,
        ok ? [job] : [job, reason],
      );
    } catch {
      // Nothing to do: the job's own outcome is logged by the job.
    }
  };
  return {
    async success(job) {
      const last = lastWritten.get(job) ?? 0;
      if (!failing.has(job) && Date.now() - last < SUCCESS_EVERY_MS) return;
      lastWritten.set(job, Date.now());
      failing.delete(job);
      await write(job, true, null);
    },
    async failure(job, reason) {
      failing.add(job);
      await write(job, false, reason.slice(0, 40));
    },
  };
}
