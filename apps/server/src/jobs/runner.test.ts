import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createDatabase, type Database } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { createAlertChecker } from '../monitoring/alerts.ts';
import { createJobRecorder } from '../monitoring/jobs.ts';
import { createMetrics, type Metrics } from '../monitoring/metrics.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import type { Job } from './job.ts';
import { createRunLocks } from './run-locks.ts';
import { type JobRunner, startJobRunner } from './runner.ts';

/**
 * The job runner of decision 0035 on a real database, with two instances (two pools, two
 * runners) where it matters. Conditions are waited for, never a fixed time.
 */
const logger = createLogger('silent');
/** A retry comes e^1 ≈ 2.7 s after a first failure; polls this often find it. */
const POLL_MS = 100;

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let database: TestDatabase;
const instances: { database: Database; metrics: Metrics; runner?: JobRunner }[] = [];

/** One instance of the site's job runner, with its own pool and metrics, running `jobs`. */
async function startInstance(jobs: Job[]) {
  const own = createDatabase(database.url, logger);
  const metrics = createMetrics({
    pool: own.pool,
    spoolBacklog: async () => ({ files: 0, bytes: 0, oldest: null }),
  });
  const instance: (typeof instances)[number] = { database: own, metrics };
  instances.push(instance);
  const recorder = createJobRecorder(own.pool);
  instance.runner = await startJobRunner({
    pool: own.pool,
    jobs,
    recorder,
    metrics,
    logger,
    pollIntervalMs: POLL_MS,
  });
  return instance;
}

async function stopAll() {
  for (const instance of instances.splice(0)) {
    await instance.runner?.stop();
    await instance.database.close();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool);
});

afterAll(async () => {
  await stopAll();
  await database?.drop();
});

describe('the job runner (decision 0035)', () => {
  it('refuses a second run of a job on the instance already running it, though its connection holds the lock', async () => {
    // A session's advisory locks stack: asked again, the connection holding one gets it again.
    // Two slots of one runner (a run the minute line adds beside one under way) must not both run.
    const here = createRunLocks(database.pool, logger);
    const there = createRunLocks(database.pool, logger);
    try {
      expect(await here.take('probe-twice')).toBe(true);
      const [again, elsewhere] = await Promise.all([here.take('probe-twice'), there.take('probe-twice')]);
      expect({ again, elsewhere }).toEqual({ again: false, elsewhere: false });
      // Another job is not held back by it.
      expect(await here.take('probe-other')).toBe(true);
      await here.give('probe-twice');
      expect(await there.take('probe-twice')).toBe(true);
      expect(await here.take('probe-twice')).toBe(false);
      await there.give('probe-twice');
      // Two takes at once on one instance: one of them runs.
      const both = await Promise.all([here.take('probe-twice'), here.take('probe-twice')]);
      expect(both.filter(Boolean)).toHaveLength(1);
    } finally {
      await here.close();
      await there.close();
    }
  });

  it('runs each minute of a schedule on one instance only, and an every-few-seconds job one run at a time', async () => {
    const minutes: string[] = [];
    const chain = { runs: 0, active: 0, mostAtOnce: 0 };
    const perMinute = (instance: string): Job => ({
      name: 'probe-cron',
      schedule: { cron: '* * * * *' },
      maxAttempts: 1,
      async run() {
        minutes.push(`${new Date().toISOString().slice(0, 16)} ${instance}`);
        return undefined;
      },
    });
    const everyFewMs: Job = {
      name: 'probe-chain',
      schedule: { everyMs: 50 },
      maxAttempts: 1,
      async run() {
        chain.active += 1;
        chain.mostAtOnce = Math.max(chain.mostAtOnce, chain.active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        chain.active -= 1;
        chain.runs += 1;
        return undefined;
      },
    };
    await Promise.all([startInstance([perMinute('a'), everyFewMs]), startInstance([perMinute('b'), everyFewMs])]);
    onTestFinished(stopAll);

    // The next minute comes (at most a minute away); both instances' schedules see it.
    await until(() => minutes.length > 0, 'the minute to be run', 75_000);
    // Long enough for the slower instance to have seen that minute too: a few more chain runs.
    const seen = chain.runs;
    await until(() => chain.runs >= seen + 5, 'more runs of the chain');
    const byMinute = Map.groupBy(minutes, (entry) => entry.slice(0, 16));
    for (const [minute, runs] of byMinute) expect(runs, minute).toHaveLength(1);
    // One chain across both instances: its runs never overlap.
    expect(chain.runs).toBeGreaterThanOrEqual(5);
    expect(chain.mostAtOnce).toBe(1);
  }, 100_000);

  it('never runs a job twice at once, kicked from both instances mid-run; an instance whose connection dies frees its lock', async () => {
    const probe = { started: 0, runs: 0, active: 0, mostAtOnce: 0 };
    let release: (() => void) | undefined;
    const slow: Job = {
      name: 'probe-slow',
      schedule: { everyMs: 60_000 },
      maxAttempts: 1,
      async run() {
        probe.started += 1;
        probe.active += 1;
        probe.mostAtOnce = Math.max(probe.mostAtOnce, probe.active);
        // The first run waits for the test; the others end at once.
        if (probe.started === 1) await new Promise<void>((resolve) => (release = resolve));
        probe.active -= 1;
        probe.runs += 1;
        return undefined;
      },
    };
    const [a, b] = await Promise.all([startInstance([slow]), startInstance([slow])]);
    // A failure below must not leave the first run waiting: the runners could not stop.
    onTestFinished(async () => {
      release?.();
      await stopAll();
    });
    await until(() => release !== undefined, 'the first run to start');
    const locksHeld = async () =>
      (
        await database.pool.query<{ pid: number }>(
          `select pid from pg_locks where locktype = 'advisory' and classid = $1 and granted`,
          [0x6a6f6273],
        )
      ).rows;
    expect(await locksHeld()).toHaveLength(1);
    // Kicks from both instances while it runs: each run added beside it ends without running.
    for (let kick = 0; kick < 4; kick += 1) {
      a.runner?.kick('probe-slow');
      b.runner?.kick('probe-slow');
      await until(
        async () =>
          (
            await database.pool.query(
              `select 1 from graphile_worker.jobs where task_identifier = 'probe-slow' and locked_at is null and run_at <= now()`,
            )
          ).rowCount === 0,
        'the kicked runs to be taken',
      );
    }
    expect(probe).toMatchObject({ started: 1, runs: 0, active: 1, mostAtOnce: 1 });

    // The instance running it loses its database connection (as a killed instance does): its lock
    // goes with it, and a kick now runs the job though the first run has not ended.
    const [holder] = await locksHeld();
    await database.pool.query('select pg_terminate_backend($1)', [holder?.pid]);
    await until(async () => (await locksHeld()).length === 0, 'the lock to be freed');
    await until(async () => {
      b.runner?.kick('probe-slow');
      return probe.runs > 0;
    }, 'a run after the lock was freed');
    release?.();
    await until(() => probe.active === 0, 'the first run to end');
    expect(probe.runs).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('tries a failing job again with backoff, counts each run, and records it for the alerts', async () => {
    let failing = true;
    let calls = 0;
    // A monitored job's name: its runs are recorded in scheduled_job for the alerts.
    const flaky: Job = {
      name: 'maintenance',
      schedule: { everyMs: 60_000 },
      maxAttempts: 5,
      async run() {
        calls += 1;
        if (failing) throw Object.assign(new Error('the database said no'), { code: 'EPROBE' });
        return undefined;
      },
    };
    const { metrics } = await startInstance([flaky]);
    const alerts = createAlertChecker({
      pool: database.pool,
      logger,
      settings: {
        smtpUrl: undefined,
        from: 'site@example.org',
        language: 'en',
        organisationName: 'Test',
        dashboardUrl: 'https://example.test/internal/dashboard',
        fallbackRecipients: [],
        backlogMinutes: 30,
      },
    });
    const jobRow = async () =>
      (
        await database.pool.query<{ failure: Date | null; success: Date | null; reason: string | null }>(
          `select last_failure_at as failure, last_success_at as success, last_failure_reason as reason
             from scheduled_job where name = 'maintenance'`,
        )
      ).rows[0];

    await until(async () => (await jobRow())?.failure != null, 'the failure to be recorded');
    expect((await jobRow())?.reason).toBe('EPROBE');
    expect((await alerts.check()).opened).toEqual(['job-failing:maintenance']);
    const failed = await metrics.render();
    expect(failed).toMatch(/^cs_job_runs_total\{job="maintenance",outcome="failed"\} [1-9]/m);
    expect(failed).toMatch(/^cs_job_last_failure_timestamp_seconds\{job="maintenance"\} [1-9]/m);
    expect(failed).not.toContain('the database said no');
    // What the library keeps of the failure, to be tried again, is the code, not the message.
    const kept = async () =>
      (
        await database.pool.query<{ last_error: string }>(
          `select last_error from graphile_worker.jobs where task_identifier = 'maintenance' and last_error is not null`,
        )
      ).rows;
    await until(async () => (await kept()).length > 0, 'the failed try to be kept');
    for (const row of await kept()) expect(row.last_error).not.toContain('the database said no');

    failing = false;
    await until(async () => (await jobRow())?.success != null, 'the retry to succeed');
    expect(calls).toBeGreaterThanOrEqual(2);
    const text = await metrics.render();
    expect(text).toMatch(/^cs_job_runs_total\{job="maintenance",outcome="succeeded"\} 1$/m);
    expect(text).toMatch(/^cs_job_last_success_timestamp_seconds\{job="maintenance"\} [1-9]/m);
    expect((await alerts.check()).resolved).toEqual(['job-failing:maintenance']);
    await alerts.stop();
  }, 60_000);
});
