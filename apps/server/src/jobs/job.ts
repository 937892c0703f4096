/**
 * One job of the job runner (decision 0035): a task file in this folder gives its name, when it
 * runs and what it does; `runner.ts` runs it once across the instances, retries it with backoff,
 * and counts and records each run.
 */

/**
 * When a job runs. `cron`: a crontab line in UTC, minute by minute; each minute it matches is run
 * by one instance; with `atStart`, also a minute after an instance starts (a day missed while the
 * site was down, a restored backup's erased data: decision 0012). `everyMs`: a few seconds after
 * its last run ended, by one instance, and at once when kicked (a submission queued an e-mail, a
 * file went to the spool).
 */
export type Schedule = { cron: string; atStart?: boolean } | { everyMs: number };

/**
 * What a run says beyond "done": `idle`, it found nothing to do (which says nothing of the job's
 * health, so nothing is recorded); `{ failed }`, part of its work failed and waits for a retry of
 * its own (a notification SMTP refused, a file the storage did not take): recorded and counted as a
 * failure, but the run is not tried again. A run that throws is tried again with backoff.
 */
export type JobResult = undefined | 'idle' | { failed: string };

export type JobContext = {
  /** Aborts when the instance stops: a job that waits on the network gives up, to be run again later. */
  signal: AbortSignal;
  /** Runs another `everyMs` job now (the digest queued e-mails: the outbox sends them). */
  kick(job: string): void;
};

export type Job = {
  /** The task's identifier, its label in the metrics, and its name in `scheduled_job` if it is one of them. */
  name: string;
  schedule: Schedule;
  /**
   * Tries per run. Between two, the runner waits e^n seconds (n the tries so far: 3 s, 7 s, 20 s,
   * 55 s, 2.5 min… up to 6 h); past the last, the job waits for its next scheduled run.
   */
  maxAttempts: number;
  run(context: JobContext): Promise<JobResult>;
};
