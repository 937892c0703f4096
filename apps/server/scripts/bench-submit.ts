// Benchmark of report submission against the real server and database:
//   npm run bench:submit   (BENCH_COUNT=300 BENCH_CONCURRENCY=10, BENCH_DATABASE_URL for an external server)
// Prints reports accepted per second and the latency percentiles. ALTCHA solutions are prepared in
// advance, as every real browser solves its own before sending.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

const COUNT = Number(process.env.BENCH_COUNT ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ROOT = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-bench-'));
const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    REPORTS_PER_HOUR_PER_IP: '100000',
    SUBMISSIONS_PER_HOUR: '100000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
});
const stopServer = async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let attempt = 0; ; attempt += 1) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (attempt > 300) throw new Error('The server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const solvingStarted = performance.now();
  const solutions: string[] = [];
  for (let index = 0; index < COUNT; index += 1) {
    const challenge = await (await fetch(`${base}/api/altcha/challenge`)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    solutions.push(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  }
  console.log(`Prepared ${COUNT} ALTCHA solutions in ${((performance.now() - solvingStarted) / 1000).toFixed(1)} s`);

  const payload = JSON.stringify({
    language: 'nl',
    anonymous: false,
    firstName: 'Bench',
    lastName: 'Mark',
    phone: '0470 12 34 56',
    email: 'bench@example.org',
    address: '',
    date: '2026-11-01',
    time: '10:00',
    location: 'Kievitplein, Antwerpen',
    type: 'verbal',
    description: 'A benchmark report with a description of ordinary length. '.repeat(8),
    calledPolice: 'no',
    policeReportNumber: '',
    calledOrganisation: 'no',
    medicalTreatment: 'no',
    termsAccepted: true,
  });

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < COUNT) {
        const altcha = solutions[next++] ?? '';
        const form = new FormData();
        form.set('payload', payload);
        form.set('altcha', altcha);
        const sent = performance.now();
        const response = await fetch(`${base}/api/reports`, { method: 'POST', body: form });
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  const accepted = statuses.get(201) ?? 0;
  console.log(
    `Database: ${process.env.BENCH_DATABASE_URL ? 'external' : 'embedded'}; ${COUNT} reports, ${CONCURRENCY} at a time`,
  );
  console.log(`Statuses: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(', ')}`);
  console.log(`Accepted: ${(accepted / seconds).toFixed(1)} reports/s`);
  console.log(
    `Latency: p50 ${percentile(50).toFixed(1)} ms, p95 ${percentile(95).toFixed(1)} ms, p99 ${percentile(99).toFixed(1)} ms`,
  );
  if (accepted !== COUNT) process.exitCode = 1;
} finally {
  await stopServer();
}
