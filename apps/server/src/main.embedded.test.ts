// Runs in the embedded-database project only (see vitest.config.ts): it is about the embedded server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from './db/data-dir-lock.ts';
import { freePort, useAppProcesses, waitForStart } from './test/app-process.ts';

const spawnApp = useAppProcesses();

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
}

async function querySocket(dataDir: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ host: path.join(dataDir, 'postgres'), user: 'postgres', database: 'app' });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe('the app process with its embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-main-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts again after kill -9, keeps the data, and stops cleanly on Ctrl-C (SIGINT)', async () => {
    const port = String(await freePort());
    const first = spawnApp({ DATA_DIR: dataDir, PORT: port });
    await waitForStart(first);
    expect(first.output()).toContain(`Site running at http://localhost:${port}`);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await querySocket(dataDir, `insert into app_setting (key, value) values ('kill-test', '"kept"')`);

    first.child.kill('SIGKILL');
    await first.exited;
    const leftover = postmasterPid(dataDir);
    expect(isProcessAlive(leftover)).toBe(true); // the database outlived the app, as after a crash

    const second = spawnApp({ DATA_DIR: dataDir, PORT: port });
    await waitForStart(second);
    expect(second.output()).toContain('left running by a previous run');
    expect(isProcessAlive(leftover)).toBe(false);
    const rows = await querySocket(dataDir, `select value from app_setting where key = 'kill-test'`);
    expect(rows).toEqual([{ value: 'kept' }]);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });

    const databasePid = postmasterPid(dataDir);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(isProcessAlive(databasePid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'app.pid'))).toBe(false);
  });

  it('refuses to share its data directory with an instance that is still running', async () => {
    const port = String(await freePort());
    const running = spawnApp({ DATA_DIR: dataDir, PORT: port });
    await waitForStart(running);
    const intruder = spawnApp({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain('is already using');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });
});
