// Benchmark of report submission against the real server and database:
//   npm run bench:submit   (BENCH_COUNT=300 BENCH_CONCURRENCY=10, BENCH_DATABASE_URL for an external server)
// Prints reports accepted per second and the latency percentiles. ALTCHA solutions are prepared in
// advance, as every real browser solves its own before sending.
import { percentile, solveAltcha, startSite, UNLIMITED_SUBMISSIONS } from './bench-helpers.ts';

const COUNT = Number(process.env.BENCH_COUNT ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

const { base, stop: stopServer } = await startSite({
  ...UNLIMITED_SUBMISSIONS,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});

try {
  const solvingStarted = performance.now();
  const solutions: string[] = [];
  for (let index = 0; index < COUNT; index += 1) solutions.push(await solveAltcha(base));
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
  const accepted = statuses.get(201) ?? 0;
  console.log(
    `Database: ${process.env.BENCH_DATABASE_URL ? 'external' : 'embedded'}; ${COUNT} reports, ${CONCURRENCY} at a time`,
  );
  console.log(`Statuses: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(', ')}`);
  console.log(`Accepted: ${(accepted / seconds).toFixed(1)} reports/s`);
  console.log(
    `Latency: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
  );
  if (accepted !== COUNT) process.exitCode = 1;
} finally {
  await stopServer();
}
