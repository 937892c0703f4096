import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateReport } from '@app/core/forms/report.schema';
import { freePort } from '../src/test/free-port.ts';
import { reportPayload, solveAltcha } from '../src/test/submission-helpers.ts';

export { freePort, solveAltcha };

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
  const server = spawn(process.execPath, ['--max-semi-space-size=16', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  await waitFor(`${base}/api/health`, server);
  return {
    base,
    /** The site's Node process (its embedded PostgreSQL is a process of its own). */
    pid: server.pid,
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

/**
 * A benchmark case stopped because answers were not what it sends for: its rate would be the speed
 * of refusals (review finding 12: the consent answer became required, every prepared report got 400,
 * and `npm run bench` printed "200 req/s" for them). It says what came back, never a rate.
 */
export class BenchCaseFailed extends Error {
  override name = 'BenchCaseFailed';
}

/** `201×180, 400×20, errors×3`: every status and failure a case saw, by count. */
export function describeAnswers(counts: Iterable<[string | number, number]>): string {
  return [...counts]
    .filter(([, count]) => count > 0)
    .map(([what, count]) => `${what}×${count}`)
    .join(', ');
}

/**
 * A report as the form sends it: the tests' complete report (`reportPayload`, which the submission
 * tests keep valid as questions are added), with `overrides`. Checked here with the server's own
 * validation, so a benchmark whose reports the server would refuse stops before it starts and names
 * the fields.
 */
export function benchReport(overrides: Record<string, unknown> = {}) {
  const report = reportPayload(overrides);
  const checked = validateReport(report);
  if (!checked.success) {
    throw new BenchCaseFailed(`the benchmark's report is not valid: ${JSON.stringify(checked.errors)}`);
  }
  return report;
}

export type PreparedSubmission = { body: Buffer; contentType: string };

/** Multipart bodies of `POST /api/reports`, each with its own ALTCHA solution solved in advance. */
export async function prepareSubmissions(base: string, count: number, report: object): Promise<PreparedSubmission[]> {
  const payload = JSON.stringify(report);
  const bodies: PreparedSubmission[] = [];
  for (let index = 0; index < count; index++) {
    const form = new FormData();
    form.set('payload', payload);
    form.set('altcha', await solveAltcha(base));
    const request = new Request('http://x/', { method: 'POST', body: form });
    bodies.push({
      body: Buffer.from(await request.arrayBuffer()),
      contentType: request.headers.get('content-type') ?? '',
    });
  }
  return bodies;
}

/** Sends one prepared submission; the answer is `{ status, error }` (the error code and fields, if any). */
export async function sendSubmission(base: string, prepared: PreparedSubmission) {
  const response = await fetch(`${base}/api/reports`, {
    method: 'POST',
    body: new Uint8Array(prepared.body),
    headers: { 'content-type': prepared.contentType },
  });
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return { status: response.status, error: body?.error };
}

/**
 * One prepared submission sent before a case is timed: unless the server stores it (201), the case
 * stops here with the server's error code and fields (never personal data: the report is the
 * benchmark's own).
 */
export async function checkSubmissionAccepted(base: string, prepared: PreparedSubmission) {
  const { status, error } = await sendSubmission(base, prepared);
  if (status !== 201) {
    throw new BenchCaseFailed(
      `a prepared report was answered ${status} (${JSON.stringify(error ?? null)}), not 201: nothing measured`,
    );
  }
}
