import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort, useAppProcesses, waitForStart } from './test/app-process.ts';
import { postReport, reportPayload, solveAltcha } from './test/submission-helpers.ts';
import { useTestDatabase } from './test/use-test-server.ts';

const spawnApp = useAppProcesses();

describe('the app process', () => {
  const database = useTestDatabase();

  it('uses the server named by DATABASE_URL, migrates it, and starts no embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-external-'));
    const port = String(await freePort());
    const app = spawnApp({ DATA_DIR: dataDir, PORT: port, DATABASE_URL: database.url });
    try {
      await waitForStart(app);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
      const tables = await database.pool.query(
        "select 1 from information_schema.tables where table_name = 'app_setting'",
      );
      expect(tables.rowCount).toBe(1);
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops at start-up with a message naming a wrong setting', async () => {
    const app = spawnApp({ PORT: 'eighty' });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain('PORT: expected a port number between 1 and 65535 (got "eighty")');
  });

  it('--version prints the release of package.json and exits, whatever the settings', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(import.meta.dirname, 'main.ts'), '--version'],
      {
        env: { PATH: process.env.PATH, PORT: 'not a port' },
      },
    );
    const { version } = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8'));
    expect(stdout).toBe(`community-safety ${version} (Node.js ${process.versions.node})\n`);
  });

  it('refuses to start in production on a non-loopback HOST without PUBLIC_URL, naming the variable to set', async () => {
    const app = spawnApp({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: String(await freePort()) });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain('The site will not start: PUBLIC_URL is not set, and HOST=0.0.0.0');
    expect(app.output()).not.toContain('Site running at');
  });

  it('starts with a risky setting, and says so once with the fix', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-warnings-'));
    const app = spawnApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://report.example.org',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DATABASE_URL: database.url,
    });
    try {
      await waitForStart(app);
      const warnings = app
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{') && JSON.parse(line).check === 'trust-proxy');
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({
        level: 40,
        fix: expect.stringContaining('TRUST_PROXY=loopback'),
      });
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on SIGTERM with submissions in flight: each is stored and acknowledged, or refused with 503, and the app exits in time', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-sigterm-'));
    const port = String(await freePort());
    const baseUrl = `http://127.0.0.1:${port}`;
    const app = spawnApp({
      DATA_DIR: dataDir,
      PORT: port,
      DATABASE_URL: database.url,
      REPORTS_PER_HOUR_PER_IP: '1000',
    });
    try {
      await waitForStart(app);
      const solutions = await Promise.all(Array.from({ length: 12 }, () => solveAltcha(baseUrl)));
      const markers = solutions.map((_, index) => `SIGTERM-${index}-${Date.now()}`);
      // Twelve reports on their way; the signal arrives while they are.
      const inFlight = solutions.map((altcha, index) =>
        postReport(baseUrl, {
          payload: reportPayload({ policeReportNumber: markers[index], date: '2026-02-02' }),
          altcha,
        })
          .then((answer) => answer.status)
          .catch(() => 0),
      );
      await new Promise((resolve) => setTimeout(resolve, 30));
      const signalled = Date.now();
      app.child.kill('SIGTERM');
      const statuses = await Promise.all(inFlight);
      expect(await app.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(30_000);
      // Every answer is an acknowledgement or a refusal to retry (0: the connection was refused
      // before the request was read, which the browser also shows as "try again").
      for (const status of statuses) expect([201, 503, 0]).toContain(status);
      const { rows } = await database.pool.query<{ n: number }>(
        "select count(*)::int as n from report where incident_date = '2026-02-02'",
      );
      expect(rows[0]?.n).toBe(statuses.filter((status) => status === 201).length);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
