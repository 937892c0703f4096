// Benchmark of report submission against the real server and database:
//   npm run bench:submit   (BENCH_COUNT=300 BENCH_CONCURRENCY=10, BENCH_DATABASE_URL for an external server)
// Prints reports accepted per second and the latency percentiles. ALTCHA solutions are prepared in
// advance, as every real browser solves its own before sending. Every answer must be 201: at the
// first other answer the run stops and prints what came back instead of a rate.
import {
  BenchCaseFailed,
  benchReport,
  checkSubmissionAccepted,
  describeAnswers,
  percentile,
  prepareSubmissions,
  sendSubmission,
  startSite,
  UNLIMITED_SUBMISSIONS,
} from './bench-helpers.ts';

const COUNT = Number(process.env.BENCH_COUNT ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

// A complete named report (all text fields, no files), checked with the server's validation first.
const report = benchReport({
  firstName: 'Bench',
  lastName: 'Mark',
  phone: '0470 12 34 56',
  email: 'bench@example.org',
  address: '',
  time: '10:00',
  location: 'Kievitplein, Antwerpen',
  description: 'A benchmark report with a description of ordinary length. '.repeat(8),
  calledPolice: 'no',
  policeReportNumber: '',
});

const { base, stop: stopServer } = await startSite({
  ...UNLIMITED_SUBMISSIONS,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});

try {
  const solvingStarted = performance.now();
  // One more than measured: the first is sent alone, before the clock starts, to see it stored.
  const [first, ...prepared] = await prepareSubmissions(base, COUNT + 1, report);
  console.log(`Prepared ${COUNT} ALTCHA solutions in ${((performance.now() - solvingStarted) / 1000).toFixed(1)} s`);
  if (first) await checkSubmissionAccepted(base, first);

  const latencies: number[] = [];
  const statuses = new Map<number | string, number>();
  let firstRefusal: { status: number; error: unknown } | undefined;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < prepared.length && !firstRefusal) {
        const submission = prepared[next++];
        if (!submission) break;
        const sent = performance.now();
        const answer = await sendSubmission(base, submission).catch((error: Error) => {
          statuses.set('errors', (statuses.get('errors') ?? 0) + 1);
          return { status: 0, error: error.message };
        });
        latencies.push(performance.now() - sent);
        if (answer.status !== 0) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status !== 201) firstRefusal ??= answer;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Database: ${process.env.BENCH_DATABASE_URL ? 'external' : 'embedded'}; ${COUNT} reports, ${CONCURRENCY} at a time`,
  );
  console.log(`Answers: ${describeAnswers(statuses)}`);
  if (firstRefusal) {
    throw new BenchCaseFailed(
      `report submission stopped: not every answer was 201 (${describeAnswers(statuses)}; first: ${firstRefusal.status} ${JSON.stringify(firstRefusal.error ?? null)}); no rate`,
    );
  }
  latencies.sort((a, b) => a - b);
  console.log(`Accepted: ${((statuses.get(201) ?? 0) / seconds).toFixed(1)} reports/s`);
  console.log(
    `Latency: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
  );
} catch (error) {
  if (!(error instanceof BenchCaseFailed)) throw error;
  console.error(`\nBenchmark stopped: ${error.message}`);
  process.exitCode = 1;
} finally {
  await stopServer();
}
