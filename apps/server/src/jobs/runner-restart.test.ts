import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { createJobRecorder } from '../monitoring/jobs.ts';
import { createMetrics } from '../monitoring/metrics.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import type { Job } from './job.ts';
import { type JobRunner, startJobRunner } from './runner.ts';

/**
 * The database refuses every connection just as a run ends, so the runner cannot write that the
 * run is done: the site stays up, and the runner starts again once the database answers.
 */
let database: TestDatabase;
let admin: pg.Client;
let runner: JobRunner | undefined;
const name = () => new URL(database.url).pathname.slice(1);

async function until(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool);
  const adminUrl = new URL(database.url);
  adminUrl.pathname = '/postgres';
  admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
});

afterAll(async () => {
  await runner?.stop();
  await admin?.query(`alter database ${name()} allow_connections true`).catch(() => {});
  await admin?.end();
  await database?.drop();
});

const lines: string[] = [];
const log = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const logged = (message: string) => lines.some((line) => line.includes(`"msg":"${message}`));

it('starts the job runner again when the database went away as a run ended', async () => {
  let runs = 0;
  let cutAt: number | undefined;
  const probe: Job = {
    name: 'probe',
    schedule: { everyMs: 50 },
    maxAttempts: 1,
    async run() {
      runs += 1;
      if (runs === 3) {
        // The database goes away now: no connection is let in, the open ones are ended.
        await admin.query(`alter database ${name()} allow_connections false`);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name()],
        );
        cutAt = runs;
      }
      return undefined;
    },
  };
  runner = await startJobRunner({
    pool: database.pool,
    jobs: [probe],
    recorder: createJobRecorder(database.pool),
    metrics: createMetrics({ pool: database.pool, spoolBacklog: async () => ({ files: 0, bytes: 0, oldest: null }) }),
    logger: createLogger('info', log),
    pollIntervalMs: 100,
    restartAfterMs: 200,
  });
  await until(() => cutAt !== undefined, 'the database to go away');
  await until(() => logged('the job runner stopped'), 'the runner to stop');
  expect(runs).toBe(3);
  await admin.query(`alter database ${name()} allow_connections true`);
  await until(() => logged('the job runner started again'), 'the runner to start again');
  await until(() => runs >= 5, 'the runs to go on');
}, 60_000);
