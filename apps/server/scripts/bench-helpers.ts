import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/test/free-port.ts';

export { solveAltcha } from '../src/test/submission-helpers.ts';
export { freePort };

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Waits until the URL answers 2xx; fails when the process serving it exits first. */
export async function waitFor(url: string, child?: ChildProcess) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child && child.exitCode !== null) throw new Error(`the process serving ${url} exited`);
    if (
      await fetch(url).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  child.kill(signal);
  return new Promise((resolve) => child.once('exit', resolve));
}

/**
 * The built site as its own process (as `npm start` runs it) on a free port, with a data folder of
 * its own; `env` adds or overrides settings (DATABASE_URL, limits).
 */
export async function startSite(env: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-bench-'));
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  await waitFor(`${base}/api/health`, server);
  return {
    base,
    stop: async () => {
      await stopProcess(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value at a share (0.95 for p95) of latencies sorted in ascending order. */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** Settings that let a benchmark send thousands of reports from one address. */
export const UNLIMITED_SUBMISSIONS = { REPORTS_PER_HOUR_PER_IP: '100000', SUBMISSIONS_PER_HOUR: '100000' };
