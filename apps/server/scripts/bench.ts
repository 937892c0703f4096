// npm run bench: request rates and latencies of the real server (public pages from the page cache,
// and pages rendered for each request), for the embedded database and for
// the external PostgreSQL (BENCH_DATABASE_URL, default the machine's server on 127.0.0.1:5432), at 10
// and 100 connections; with two ceilings serving a saved copy of the home page: nginx (when Debian's
// nginx is installed) and a bare Express res.send() from memory. Then a flood: one client makes
// ordinary requests while another floods the submission endpoint. BENCH_SECONDS (default 10) per run.
// Figures go to docs/benchmarks.md by hand; this script never asserts a time. It does assert the
// answers: a case that gets anything but 2xx (the flood's refusals aside, which are its point)
// stops the run and prints what came back instead of a rate. BENCH_PARTS (default
// embedded,external,ceilings,flood) runs some of the four parts only.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ANONYMOUS } from '../src/test/submission-helpers.ts';
import {
  BenchCaseFailed,
  benchReport,
  checkSubmissionAccepted,
  describeAnswers,
  freePort,
  percentile,
  prepareSubmissions,
  startSite,
  stopProcess,
  UNLIMITED_SUBMISSIONS,
  waitFor,
} from './bench-helpers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 200);
const EXTERNAL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(import.meta.dirname, '../../..');
const COMPRESSED = { 'accept-encoding': 'gzip, br' };
const PARTS = new Set((process.env.BENCH_PARTS ?? 'embedded,external,ceilings,flood').split(','));

/** Every status an autocannon run got, with its connection errors and timeouts. */
function answersOf(result: autocannon.Result): [string, number][] {
  const statuses = Object.entries(result.statusCodeStats as Record<string, { count: number }>).map(
    ([status, { count }]) => [status, count] as [string, number],
  );
  return [...statuses, ['errors', result.errors], ['timeouts', result.timeouts]];
}

/**
 * One autocannon run, with every response time kept, so that p95 and p99 are exact. Unless
 * `intended` says otherwise, an answer outside 2xx, a connection error or a timeout stops the run at
 * once and throws with the answers counted: a rate of failures is not a figure.
 */
async function run(
  what: string,
  options: autocannon.Options,
  intended: (status: number) => boolean = (status) => status >= 200 && status < 300,
): Promise<{ result: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = [];
  let failed = false;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    const fail = () => {
      failed = true;
      instance.stop();
    };
    instance.on('response', (_client, status: number, _bytes, responseTime: number) => {
      latencies.push(responseTime);
      if (!intended(status)) fail();
    });
    instance.on('reqError', fail);
  });
  const unintended = answersOf(result).some(([status, count]) =>
    status === 'errors' || status === 'timeouts' ? count > 0 : count > 0 && !intended(Number(status)),
  );
  if (failed || unintended) {
    throw new BenchCaseFailed(
      `${what}: stopped, answers not as intended (${describeAnswers(answersOf(result))}); no rate`,
    );
  }
  return { result, latencies };
}

async function measure(what: string, url: string, connections: number, options: Partial<autocannon.Options> = {}) {
  // A fixed number of requests (prepared submissions; autocannon then ignores the duration) or a
  // fixed duration.
  const length = options.amount ? { amount: options.amount, duration: 600 } : { duration: SECONDS };
  const { result, latencies } = await run(`${what}, ${connections} conn`, {
    url,
    connections,
    ...options,
    ...length,
  } as autocannon.Options);
  const sorted = latencies.sort((a, b) => a - b);
  const seconds = (result.duration || SECONDS) as number;
  const row = {
    rps: Math.round(result.requests.total / seconds),
    p95: Math.round(percentile(sorted, 0.95)),
    p99: Math.round(percentile(sorted, 0.99)),
  };
  console.log(
    `  ${what.padEnd(58)} ${String(connections).padStart(3)} conn  ${String(row.rps).padStart(6)} req/s  p95 ${String(row.p95).padStart(5)} ms  p99 ${String(row.p99).padStart(5)} ms`,
  );
  return result;
}

/** An anonymous report in English, short, as most are; checked with the server's own validation. */
const SUBMITTED_REPORT = benchReport({
  language: 'en',
  ...ANONYMOUS,
  date: '2026-03-01',
  time: '',
  location: 'Antwerpen',
  description: 'Benchmark report.',
  calledPolice: 'no',
  policeReportNumber: '',
});

async function benchSite(label: string, env: Record<string, string>) {
  const { base, stop } = await startSite({ ...UNLIMITED_SUBMISSIONS, ...env });
  try {
    console.log(`\n${label}`);
    // The cost of a rendering, on a page the page cache never keeps: the follow-up page of a visitor
    // with a receipt session's cookie (rendered for them alone; this one's session is unknown, so
    // the page asks for the receipt, as everyone's does). A query parameter
    // a page does not read no longer bypasses the cache (its key is the query as the page reads
    // it, security review finding 6): the `?render=1` rows of earlier runs measured the cache.
    await measure('follow-up page with a session cookie, rendered', `${base}/follow-up`, 10, {
      headers: { cookie: 'follow-up=unknown' },
    });
    for (const connections of [10, 100]) {
      await measure('home page', `${base}/`, connections);
      await measure('home page, Accept-Encoding: gzip, br', `${base}/`, connections, { headers: COMPRESSED });
      await measure('incidents page', `${base}/incidents`, connections);
      await measure('incidents page, Accept-Encoding: gzip, br', `${base}/incidents`, connections, {
        headers: COMPRESSED,
      });
      // The open data page and a file are kept by the page cache like the pages (decision 0022).
      await measure('open data page, Accept-Encoding: gzip, br', `${base}/he/incidents/data`, connections, {
        headers: COMPRESSED,
      });
      await measure('open data file (provinces.json)', `${base}/incidents/data/provinces.json`, connections);
    }
    for (const connections of [10, 100]) {
      // One more than measured: the first is sent alone, before the clock starts, to see it stored.
      const [first, ...bodies] = await prepareSubmissions(
        base,
        Math.max(SUBMISSIONS, connections) + 1,
        SUBMITTED_REPORT,
      );
      if (first) await checkSubmissionAccepted(base, first);
      let next = 0;
      await measure(
        `report submission (${bodies.length} prepared ALTCHA solutions)`,
        `${base}/api/reports`,
        connections,
        {
          duration: undefined,
          amount: bodies.length,
          // Each report waits for its receipt's scrypt hash (two at a time): with 100 sent at once the
          // last ones wait tens of seconds on a busy machine, past autocannon's 10 s default.
          timeout: 120,
          requests: [
            {
              method: 'POST',
              setupRequest: (request) => {
                const prepared = bodies[next++ % bodies.length];
                return { ...request, body: prepared?.body, headers: { 'content-type': prepared?.contentType ?? '' } };
              },
            },
          ],
        },
      );
    }
    return await (await fetch(`${base}/`)).text();
  } finally {
    await stop();
  }
}

async function ceilings(html: string) {
  console.log('\nCeilings: the same home page HTML from memory or from a file');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-ceiling-'));
  fs.writeFileSync(path.join(folder, 'index.html'), html);
  try {
    await measureCeilings(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The bare Express and nginx ceilings, serving the saved page in `folder`. */
async function measureCeilings(folder: string) {
  const expressPort = await freePort();
  const bare = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import express from 'express'; import fs from 'node:fs';
       const html = fs.readFileSync(${JSON.stringify(path.join(folder, 'index.html'))}, 'utf8');
       express().get('/', (_q, r) => r.type('html').send(html)).listen(${expressPort}, '127.0.0.1');`,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  try {
    await waitFor(`http://127.0.0.1:${expressPort}/`);
    for (const connections of [10, 100])
      await measure('bare Express res.send() from memory', `http://127.0.0.1:${expressPort}/`, connections);
  } finally {
    await stopProcess(bare);
  }
  let nginx: string | undefined;
  try {
    nginx = execFileSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).trim();
  } catch {
    console.log('  nginx: not installed here (apt-get install nginx-light), ceiling skipped');
  }
  if (nginx) {
    // nginx closes a kept-alive connection after 1,000 requests (keepalive_requests); autocannon
    // sometimes sent the next request on it first, a connection error that stopped the run (stops
    // 37 and 38, 1 and 5 errors in 20,000): a ceiling keeps its connections as the site's own runs do.
    const nginxPort = await freePort();
    fs.writeFileSync(
      path.join(folder, 'nginx.conf'),
      `worker_processes auto; pid ${folder}/nginx.pid; error_log ${folder}/error.log; daemon off;
       events { worker_connections 1024; }
       http { access_log off; client_body_temp_path ${folder}; proxy_temp_path ${folder}; fastcgi_temp_path ${folder};
              uwsgi_temp_path ${folder}; scgi_temp_path ${folder};
              gzip on; gzip_comp_level 6;
              keepalive_requests 1000000;
              server { listen 127.0.0.1:${nginxPort}; root ${folder}; location = / { try_files /index.html =404; default_type text/html; } } }`,
    );
    const server = spawn(nginx, ['-c', path.join(folder, 'nginx.conf'), '-p', folder], { stdio: 'inherit' });
    try {
      await waitFor(`http://127.0.0.1:${nginxPort}/`);
      for (const connections of [10, 100]) {
        await measure('nginx, static file', `http://127.0.0.1:${nginxPort}/`, connections);
        await measure('nginx, static file gzipped per request', `http://127.0.0.1:${nginxPort}/`, connections, {
          headers: { 'accept-encoding': 'gzip' },
        });
      }
    } finally {
      server.kill('SIGQUIT');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }
}

async function flood() {
  console.log('\nFlood: ordinary requests while another client floods the submission endpoint (default limits)');
  const { base, stop } = await startSite();
  try {
    const ordinary = measure('ordinary client: incidents page, during the flood', `${base}/incidents`, 10);
    // The flood's invalid reports are refused (400). Since the submission pipeline (decision 0033)
    // validates before the proof of work and the address's limit, an invalid body spends neither,
    // so the limiter (429) no longer answers them: a reporter's mistake costs them no try. Any
    // other answer, a 2xx above all, stops the run.
    const flooding = run(
      'flooding client',
      {
        url: `${base}/api/reports`,
        connections: 100,
        duration: SECONDS,
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{}\r\n--x--\r\n',
      },
      (status) => status === 400 || status === 429,
    );
    const [, { result: floodResult }] = await Promise.all([ordinary, flooding]);
    console.log(
      `  flooding client: ${Math.round(floodResult.requests.average)} req/s; answers ${describeAnswers(answersOf(floodResult))}`,
    );
  } finally {
    await stop();
  }
}

async function main() {
  console.log(`Benchmarks on ${os.cpus().length} cores, ${SECONDS} s per run (Node ${process.version})`);
  const html = PARTS.has('embedded') ? await benchSite('Embedded PostgreSQL', {}) : await homePage();
  if (PARTS.has('external')) await benchExternal();
  if (PARTS.has('ceilings')) await ceilings(html);
  if (PARTS.has('flood')) await flood();
}

/** The home page's HTML, for the ceilings to serve, when the embedded part is not run. */
async function homePage() {
  const { base, stop } = await startSite();
  try {
    return await (await fetch(`${base}/`)).text();
  } finally {
    await stop();
  }
}

async function benchExternal() {
  const admin = new pg.Client({ connectionString: EXTERNAL });
  const database = `bench_${Date.now()}`;
  let external = true;
  try {
    await admin.connect();
    await admin.query(`create database ${database}`);
  } catch (error) {
    external = false;
    console.log(`\nExternal PostgreSQL at ${EXTERNAL} not reachable (${(error as Error).message}): skipped`);
  }
  try {
    if (external) {
      const url = new URL(EXTERNAL);
      url.pathname = `/${database}`;
      await benchSite(`External PostgreSQL (${new URL(EXTERNAL).host})`, { DATABASE_URL: url.toString() });
    }
  } finally {
    if (external) await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end().catch(() => {});
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof BenchCaseFailed)) throw error;
  console.error(`\nBenchmark stopped: ${error.message}`);
  process.exitCode = 1;
}
