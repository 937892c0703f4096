import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, type Site } from '../composition/site.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { startSiteJobs } from '../jobs/site-jobs.ts';
import { createLogger } from '../logger.ts';
import { postReport, reportPayload, solveAltcha } from '../test/submission-helpers.ts';
import { createApp, type WebBuild } from './app.ts';

// A database of its own, which this test stops and starts again while the app keeps running.
describe('when the database goes away and comes back', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-outage-'));
  const logger = createLogger('silent');
  let embedded: EmbeddedPostgres;
  let services: Site;
  let jobs: JobRunner;
  let database: ReturnType<typeof createDatabase>;
  let baseUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    embedded = await startEmbeddedPostgres(path.join(dataDir, 'db'), logger);
    database = createDatabase(embedded.poolConfig, logger);
    await runMigrations(database.pool);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(dataDir, 'app'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      REPORTS_PER_HOUR_PER_IP: '1000',
    });
    services = createSite(config, database, logger);
    // The background jobs run through the outage too, as in main.ts.
    jobs = await startSiteJobs(services.background, logger);
    const web = path.resolve(import.meta.dirname, '../../../web/build');
    const build = (await import(pathToFileURL(path.join(web, 'server/index.js')).href)) as WebBuild;
    const server = createApp({ config, services: services.http, logger, build }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await jobs.stop();
      await services.notifications.stop();
      await database.close();
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('refuses submissions with 503 and Retry-After, stays up, and accepts them again without a restart', async () => {
    const count = async () => (await database.pool.query('select count(*)::int as n from report')).rows[0].n;
    // Solutions are prepared while the database is up: the challenge endpoint needs no database.
    const solutions = [await solveAltcha(baseUrl), await solveAltcha(baseUrl), await solveAltcha(baseUrl)];
    expect((await postReport(baseUrl, { payload: reportPayload(), altcha: solutions[0] })).status).toBe(201);
    const incidentsPage = await (await fetch(`${baseUrl}/nl/incidents`)).text();

    await embedded.stop();
    // Public pages rendered before the outage are still served, as they were.
    const duringOutage = await fetch(`${baseUrl}/nl/incidents`);
    expect(duringOutage.status).toBe(200);
    expect(duringOutage.headers.get('x-page-cache')).toBe('stale');
    expect(await duringOutage.text()).toBe(incidentsPage);
    const refused = await postReport(baseUrl, { payload: reportPayload(), altcha: solutions[1] });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(503); // the process is still answering

    embedded = await startEmbeddedPostgres(path.join(dataDir, 'db'), logger);
    // The pool opens fresh connections by itself: no restart of the app.
    let accepted = 0;
    for (let attempt = 0; attempt < 20 && accepted === 0; attempt += 1) {
      const retried = await postReport(baseUrl, { payload: reportPayload(), altcha: solutions[2] });
      if (retried.status === 201) accepted = 1;
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(accepted).toBe(1);
    expect(await count()).toBe(2); // the refused one was never written

    // The job runner came through it: the outbox job runs again.
    const outboxRuns = async () =>
      Number(
        /^cs_job_runs_total\{job="outbox",outcome="succeeded"\} (\d+)/m.exec(await services.metrics.render())?.[1] ?? 0,
      );
    const before = await outboxRuns();
    for (let attempt = 0; attempt < 120 && (await outboxRuns()) <= before; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await outboxRuns()).toBeGreaterThan(before);
  }, 90_000);
});
