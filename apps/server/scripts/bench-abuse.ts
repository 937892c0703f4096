// The attack of the security review's finding 1, measured (issue 24):
//   npm run bench:abuse   (BENCH_CLIENTS=20 BENCH_SECONDS=30)
// 20 clients replay the last step of the report form without JavaScript, each with five flat-colour
// 7000 × 7000 WebP images (about 2 KB each that decode to about 150 MB each) and a form token
// that was already spent, for 30 seconds, while one reader loads /incidents over and over.
// Each client has an address of its own. Prints the reader's latency percentiles, the site's peak
// memory (RSS of its Node process) and how many replays were processed (decoded or stored): the
// goals are p99 < 100 ms, RSS < 500 MB, 0. Replays are refused as FORM_EXPIRED (400, the form
// rendered again with what was sent) until an address passes its limit of posts, then with a short
// 429 page before the body is read.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { PLAIN_LAST_STEP } from '../src/test/submission-helpers.ts';
import { BenchCaseFailed, describeAnswers, percentile, startSite } from './bench-helpers.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const METRICS_TOKEN = 'bench-abuse-metrics-token-0123456789';
const GOALS = { readerP99Ms: 100, rssMb: 500, processed: 0 };

const flat = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#808080' } })
  .webp({ lossless: true })
  .toBuffer();
console.log(`One image: ${flat.length} bytes, 7000 × 7000 pixels when decoded`);

// The site as deployed behind its proxy, with its default limits: each client has an address of its
// own (X-Forwarded-For from the trusted proxy on loopback), as 20 attacking machines would.
const site = await startSite({
  ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  METRICS_TOKEN,
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  TRUST_PROXY: 'loopback',
});
const { base, pid } = site;

/** The resident memory of the site's Node process, in MB (Linux). */
const rssMb = () => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

/** The last step of the report form without JavaScript, with five huge flat images. */
function lastStep(): FormData {
  const form = new FormData();
  const fields = {
    ...PLAIN_LAST_STEP,
    firstName: 'Bench',
    lastName: 'Abuse',
    phone: '0470 12 34 56',
    date: '2026-11-01',
    location: 'Kievitplein, Antwerpen',
    type: 'verbal',
    description: 'A replayed form without JavaScript, with huge flat images.',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (let index = 0; index < 5; index++)
    form.append('attachments', new Blob([new Uint8Array(flat)]), `flat-${index}.webp`);
  return form;
}

/** Client number `index`'s own address. */
const addressOf = (index: number) => `198.51.100.${index + 1}`;

const postForm = (cookie: string, index: number) =>
  fetch(`${base}/incident-report`, {
    method: 'POST',
    body: lastStep(),
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', Cookie: cookie, 'X-Forwarded-For': addressOf(index) },
  });

/** What the site counted: reports stored, and file work started or refused (its metrics). */
async function counted() {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return {
    stored: value(/cs_submissions_total\{kind="report",outcome="accepted",reason="stored"\} (\d+)/),
    decoded: value(/cs_file_work_jobs_total\{outcome="started"\} (\d+)/),
  };
}

try {
  // Each client takes a form token with the page, waits until it is old enough, and spends it once
  // with an honest report without files; from then on it replays that spent token.
  const cookies = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const page = await fetch(`${base}/incident-report`);
      const cookie = (page.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
      if (!cookie.includes('form-token=')) throw new BenchCaseFailed('the form page gave no form token; no figures');
      return cookie;
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 6_000)); // a form token must be 5 s old
  for (const [index, cookie] of cookies.entries()) {
    const honest = new FormData();
    for (const [name, value] of lastStep().entries()) if (name !== 'attachments') honest.append(name, value);
    const answer = await fetch(`${base}/incident-report`, {
      method: 'POST',
      body: honest,
      headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', Cookie: cookie, 'X-Forwarded-For': addressOf(index) },
    });
    if (answer.status !== 200) throw new BenchCaseFailed(`an honest report was refused (${answer.status}); no figures`);
  }
  const before = await counted();
  if (before.stored !== CLIENTS) throw new BenchCaseFailed(`${before.stored} honest reports stored, not ${CLIENTS}`);

  let peakRss = rssMb();
  if (process.env.BENCH_TRACE) console.log(`RSS before the attack: ${peakRss.toFixed(0)} MB`);
  const trace = process.env.BENCH_TRACE
    ? setInterval(() => console.log(`RSS ${rssMb().toFixed(0)} MB`), 2000)
    : undefined;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb());
  }, 100);
  const until = performance.now() + SECONDS * 1000;
  const replays = new Map<number | string, number>();
  const attackers = cookies.map(async (cookie, index) => {
    while (performance.now() < until) {
      const answer = await postForm(cookie, index).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 'errors',
      );
      replays.set(answer, (replays.get(answer) ?? 0) + 1);
    }
  });
  // The reader runs in a thread of its own, so that the attackers' work in this process does not
  // delay its clock: what it measures is the site's answer, as a visitor elsewhere would see it.
  const reader = new Promise<number[]>((resolve, reject) => {
    const thread = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
      (async () => {
        const latencies = [];
        while (Date.now() < workerData.deadline) {
          const sent = performance.now();
          const page = await fetch(workerData.url);
          await page.arrayBuffer();
          if (page.status !== 200) throw new Error('/incidents answered ' + page.status + ' under the attack');
          latencies.push(performance.now() - sent);
        }
        parentPort.postMessage(latencies);
      })();`,
      { eval: true, workerData: { url: `${base}/incidents`, deadline: Date.now() + SECONDS * 1000 } },
    );
    thread.once('message', resolve);
    thread.once('error', reject);
  });
  const [latencies] = await Promise.all([reader, ...attackers]);
  clearInterval(sampler);
  clearInterval(trace);
  peakRss = Math.max(peakRss, rssMb());
  const after = await counted();
  const processed = after.stored - before.stored + (after.decoded - before.decoded);

  latencies.sort((a, b) => a - b);
  const replayCount = [...replays.values()].reduce((sum, count) => sum + count, 0);
  console.log(`${CLIENTS} clients replaying spent form tokens with 5 × 7000 × 7000 images for ${SECONDS} s`);
  console.log(
    `Replays sent: ${replayCount} (${describeAnswers(replays)}); processed (stored or decoded): ${processed}`,
  );
  console.log(
    `Reader of /incidents: ${latencies.length} loads; p50 ${percentile(latencies, 0.5).toFixed(1)} ms, ` +
      `p95 ${percentile(latencies, 0.95).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
  );
  console.log(`Site's peak RSS: ${peakRss.toFixed(0)} MB`);
  const p99 = percentile(latencies, 0.99);
  const met = p99 < GOALS.readerP99Ms && peakRss < GOALS.rssMb && processed === GOALS.processed;
  console.log(
    `Goals (p99 < ${GOALS.readerP99Ms} ms, RSS < ${GOALS.rssMb} MB, 0 processed): ${met ? 'met' : 'NOT met'}`,
  );
  if (!met) process.exitCode = 1;
} finally {
  await site.stop();
}
