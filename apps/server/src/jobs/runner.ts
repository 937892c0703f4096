import {
  type CronItem,
  type JobHelpers,
  parseCronItems,
  type Runner,
  run,
  type Task,
  type TaskSpec,
  Logger as WorkerLogger,
} from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../logger.ts';
import { type JobRecorder, reasonOf, SCHEDULED_JOBS, type ScheduledJob } from '../monitoring/jobs.ts';
import type { Metrics } from '../monitoring/metrics.ts';
import type { Job, JobResult } from './job.ts';
import { createRunLocks, type RunLocks } from './run-locks.ts';

export type JobRunnerOptions = {
  /** The site's own pool: the runner's queries and its one LISTEN connection come out of it. */
  pool: pg.Pool;
  jobs: readonly Job[];
  /** Each monitored job's last success and failure (`scheduled_job`, decision 0030). */
  recorder: JobRecorder;
  metrics: Pick<Metrics, 'jobRun'>;
  logger: Logger;
  /**
   * How often each instance looks for runs that came due without a notice (retries, the next run
   * of an `everyMs` job); a job added now is announced at once (LISTEN/NOTIFY). Tests shorten it.
   */
  pollIntervalMs?: number;
  /** The first pause before a runner that stopped by itself is started again; it doubles. */
  restartAfterMs?: number;
};

export type JobRunner = {
  /** Runs an `everyMs` job now, once across the instances. Never throws: the job runs at its time anyway. */
  kick(name: string): void;
  /** Takes no new run, lets the runs under way end (a spool move is abandoned at once), then stops. */
  stop(): Promise<void>;
};

/** A job run at start (`atStart`) waits this long: the site answers first. */
const START_DELAY_MS = 60_000;
/** Pauses before starting a stopped runner again: 5 s, doubling to 5 minutes. */
const RESTART_FIRST_MS = 5_000;
const RESTART_LONGEST_MS = 5 * 60_000;

const isMonitored = (name: string): name is ScheduledJob => (SCHEDULED_JOBS as readonly string[]).includes(name);

/** What graphile-worker keeps and logs of a failed run: the code alone (a message could hold data). */
class JobFailed extends Error {
  override name = 'JobFailed';
}

/** graphile-worker's own lines in the site's log: its routine chatter (a run done) one level down. */
function workerLogger(logger: Logger) {
  return new WorkerLogger(() => (level, message) => {
    const fields = { component: 'job-runner' };
    if (level === 'error') logger.error(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    else if (level === 'info') logger.debug(fields, message);
    else logger.trace(fields, message);
  });
}

/**
 * The next run of a job, or the same run now when kicked. Its key makes it one job across the
 * instances: a second add moves that job rather than adding another.
 */
const chained = (job: Job, runAt?: Date): TaskSpec => ({ jobKey: job.name, runAt, maxAttempts: job.maxAttempts });

/**
 * The schedules: a `cron` job's own line (its key: a run still waiting for a retry is replaced by
 * the next, never doubled); for an `everyMs` job, a line each minute that brings its chain back
 * should it ever break (all tries failed), and leaves a pending run where it is.
 */
function cronItemOf(job: Job): CronItem {
  const options = { maxAttempts: job.maxAttempts, jobKey: job.name };
  return 'cron' in job.schedule
    ? {
        task: job.name,
        identifier: job.name,
        match: job.schedule.cron,
        options: { ...options, backfillPeriod: 0, jobKeyMode: 'replace' },
      }
    : {
        task: job.name,
        identifier: `${job.name}:chain`,
        match: '* * * * *',
        options: { ...options, backfillPeriod: 0, jobKeyMode: 'preserve_run_at' },
      };
}

type TaskDeps = Pick<JobRunnerOptions, 'recorder' | 'metrics' | 'logger'> & {
  kick(name: string): void;
  locks: RunLocks;
};

/** A run counted on this instance and, for a monitored job that did something, recorded for the alerts. */
async function record(job: Job, result: JobResult, { recorder, metrics }: TaskDeps) {
  metrics.jobRun(job.name, typeof result === 'object' ? 'failed' : 'succeeded');
  if (!isMonitored(job.name) || result === 'idle') return;
  if (result === undefined) await recorder.success(job.name);
  else await recorder.failure(job.name, result.failed);
}

/**
 * The library's task for a job: one run at a time across the instances (a run beside another ends
 * at once, and the one under way adds the next), its run recorded, a thrown error kept as its
 * code, the next run chained.
 */
function taskOf(job: Job, deps: TaskDeps): Task {
  return async (_payload, helpers: JobHelpers) => {
    if (!(await deps.locks.take(job.name))) return;
    let result: JobResult;
    try {
      result = await job.run({ signal: helpers.abortSignal, kick: deps.kick });
    } catch (error) {
      const reason = reasonOf(error);
      await record(job, { failed: reason }, deps);
      const { attempts, max_attempts: of } = helpers.job;
      deps.logger.warn({ job: job.name, attempt: attempts, of, err: error }, 'a job failed; it is tried again later');
      throw new JobFailed(reason);
    } finally {
      await deps.locks.give(job.name);
    }
    await record(job, result, deps);
    if ('everyMs' in job.schedule) {
      await helpers.addJob(job.name, {}, chained(job, new Date(Date.now() + job.schedule.everyMs)));
    }
  };
}

/**
 * The one job runner of the site (decision 0035): graphile-worker on the site's database, one
 * per instance, started after the migrations and stopped before the pool closes. Each run is
 * counted (`cs_job_runs_total`) and, for the monitored jobs, recorded for the alerts; a run that
 * throws is tried again with backoff.
 */
export async function startJobRunner({
  pool,
  jobs,
  recorder,
  metrics,
  logger,
  pollIntervalMs = 2_000,
  restartAfterMs = RESTART_FIRST_MS,
}: JobRunnerOptions): Promise<JobRunner> {
  let runner: Runner | undefined;
  const locks = createRunLocks(pool, logger);
  const byName = new Map(jobs.map((job) => [job.name, job]));

  const kick = (name: string) => {
    const job = byName.get(name);
    if (!runner || !job || !('everyMs' in job.schedule)) return;
    runner
      .addJob(name, {}, chained(job, new Date()))
      .catch((error: unknown) =>
        logger.warn({ job: name, err: error }, 'a job could not be run at once; it runs at its time'),
      );
  };

  const startOnce = async () => {
    const started = await run({
      pgPool: pool,
      taskList: Object.fromEntries(
        jobs.map((job) => [job.name, taskOf(job, { recorder, metrics, logger, kick, locks })]),
      ),
      parsedCronItems: parseCronItems(jobs.map(cronItemOf)),
      // Each job may run beside the others: a slow spool move never holds an urgent e-mail back.
      concurrency: Math.max(1, jobs.length),
      pollInterval: pollIntervalMs,
      // main.ts handles SIGINT and SIGTERM, and stops the runner before the database.
      noHandleSignals: true,
      // A run that waits on the network (a spool move) gives up at once when the instance stops.
      gracefulShutdownAbortTimeout: 0,
      logger: workerLogger(logger),
      // Without batches, a run's end that cannot be written (the database gone at that moment)
      // is a promise nobody awaits, which would end the process; batched, it stops the runner,
      // which `supervise` starts again.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    try {
      await addStartRuns(started, jobs);
    } catch (error) {
      await started.stop();
      throw error;
    }
    return started;
  };

  let stopping = false;
  /**
   * A runner that stops by itself (its pool of workers failed: the database went away) is started
   * again, after 5 s, doubling to 5 minutes while the database does not answer.
   */
  const supervise = (current: Runner) => {
    const restart = async (error?: unknown) => {
      if (stopping || runner !== current) return;
      runner = undefined;
      logger.error({ err: error }, 'the job runner stopped; it starts again once the database answers');
      for (let pause = restartAfterMs; !stopping; pause = Math.min(pause * 2, RESTART_LONGEST_MS)) {
        await new Promise((resolve) => setTimeout(resolve, pause).unref());
        if (stopping) return;
        const next = await startOnce().catch(() => undefined);
        if (next && stopping) await next.stop().catch(() => {});
        else if (next) {
          runner = next;
          supervise(next);
          logger.info('the job runner started again');
          return;
        }
      }
    };
    current.promise.then(() => restart(), restart);
  };

  runner = await startOnce();
  supervise(runner);
  return {
    kick,
    stop: async () => {
      stopping = true;
      const current = runner;
      runner = undefined;
      // A runner that failed as it stopped must not keep the site from stopping.
      await current?.stop().catch((error: unknown) => logger.warn({ err: error }, 'the job runner stopped badly'));
      await locks.close();
    },
  };
}

/** At start: each `everyMs` job's chain, and the runs of the jobs that run at start. */
async function addStartRuns(runner: Runner, jobs: readonly Job[]) {
  for (const job of jobs) {
    if ('everyMs' in job.schedule) {
      // Its chain, unless another instance started it already (then its pending run stays).
      await runner.addJob(job.name, {}, { ...chained(job), jobKeyMode: 'preserve_run_at' });
    } else if (job.schedule.atStart) {
      // Instances starting together share the one run: its key.
      await runner.addJob(job.name, {}, chained(job, new Date(Date.now() + START_DELAY_MS)));
    }
  }
}
