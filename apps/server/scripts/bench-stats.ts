// Benchmark of the statistics and public-incidents queries with many reports:
//   npm run bench:stats   (BENCH_REPORTS=100000; BENCH_DATABASE_URL for an external server)
// Seeds reports spread over three years, every fifth a second report of the incident before it
// (decision 0037: 100,000 reports, 80,000 incidents; most verified, some rejected, closed, new; a fifth of the
// verified ones published; every report past "new" with its first status change some hours or days
// after it arrived; a tenth with a reporter's message, half of those answered), then prints the median and slowest of 7 runs of each query the
// statistics page, the dashboard and the public Incidents page make, and of the public figures
// (/incidents, the yearly summaries, the open data files: counts and small-cell protection, also
// on the sparse counts of a quiet organisation, where the rule has the most to do), and of the
// suggested links of a report's page (decision 0043).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { protectFigures } from '@app/core/figures/public-figures-protection';
import { sparseFigures } from '@app/core/figures/sample-figures';
import { todayInBelgium } from '@app/core/site/dates';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createEncryption } from '../src/crypto/encryption.ts';
import { createDatabase } from '../src/db/database.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { report } from '../src/db/schema.ts';
import { createLogger } from '../src/logger.ts';
import { findIncidentSuggestions } from '../src/services/casework/incident-suggestions.ts';
import { computeResponseTimes, readResponseQueue } from '../src/services/casework/response-times.ts';
import { protectInWorker, readRawFigures } from '../src/services/figures/public-figures.ts';
import { createPublicIncidentsService } from '../src/services/figures/public-incidents.ts';
import { computeStats, monthsEnding } from '../src/services/figures/stats.ts';
import { countVerifiedLast30Days } from '../src/services/figures/verified-incidents.ts';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 100_000);
const RUNS = 7;
const logger = createLogger('warn');

let embedded: EmbeddedPostgres | undefined;
let dataDir: string | undefined;
if (!process.env.BENCH_DATABASE_URL) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-bench-stats-'));
  embedded = await startEmbeddedPostgres(dataDir, logger);
}
// On an external server, a database of its own (dropped at the end), never the server's own data.
let external: { admin: pg.Client; name: string; url: string } | undefined;
if (process.env.BENCH_DATABASE_URL) {
  const url = new URL(process.env.BENCH_DATABASE_URL);
  const name = `cs_bench_stats_${process.pid}`;
  const admin = new pg.Client(url.toString());
  await admin.connect();
  await admin.query(`create database ${name}`);
  url.pathname = `/${name}`;
  external = { admin, name, url: url.toString() };
}
const database = createDatabase(external?.url ?? (embedded as EmbeddedPostgres).poolConfig, logger);

try {
  await runMigrations(database.pool);
  const encryption = createEncryption(Buffer.alloc(32, 7));
  // Sealed texts are opaque to these queries: one sealed value stands for all.
  const sealed = encryption.sealText('benchmark');
  const started = performance.now();
  // 100,000 reports forming 80,000 incidents (decision 0037): every fifth report is a second report
  // of the incident of the report before it. The incidents are written first, with the place staff
  // recorded; each report names its own, and the triggers say which incidents count.
  const incidentCount = REPORTS - Math.floor(REPORTS / 5);
  await database.pool.query(
    'create table bench_incident as select n, gen_random_uuid() as id from generate_series(1, $1::int) as n',
    [incidentCount],
  );
  await database.pool.query(
    `insert into incident (id, incident_date, incident_type, municipality, province, created_at)
     select id, (current_date - (n % 1095))::date,
       (array['verbal','physical','online','letter','harassment','provocation','other'])[1 + n % 7],
       'Municipality ' || (n % 120), (array['antwerp','east_flanders','flemish_brabant','limburg','west_flanders','brussels'])[1 + n % 6],
       now() - make_interval(days => n % 1095)
     from bench_incident`,
  );
  await database.pool.query(
    `insert into report (id, incident_id, language, is_anonymous, personal_data, incident_date, location, incident_type,
       description, called_police, called_organisation, medical_treatment, terms_accepted_at, status,
       rejection_reason, created_at)
     select gen_random_uuid(), b.id, (array['en','fr','nl','he','yi'])[1 + i % 5], i % 3 = 0, null,
       (current_date - (i % 1095))::date, $1,
       (array['verbal','physical','online','letter','harassment','provocation','other'])[1 + i % 7], $1,
       i % 4 = 0, i % 9 = 0, i % 11 = 0, now(),
       (array['verified','verified','verified','closed','rejected','new','in_review','verified'])[1 + i % 8],
       case when i % 8 = 4 then 'spam' end,
       now() - make_interval(days => i % 1095)
     from generate_series(1, $2::int) as i join bench_incident b on b.n = i - i / 5`,
    [sealed, REPORTS],
  );
  await database.pool.query('drop table bench_incident');
  // Every publication names the staff member who made it (migration 0009).
  await database.pool.query(
    `insert into staff_user (id, name, email, role) values ('bench-publisher', 'Bench', 'bench@example.org', 'coordinator')`,
  );
  // Casework as the response times see it: the first status change of every report past "new",
  // from an hour to six days after it arrived (the triggers of migration 0012 record the first
  // response), and threads: a tenth of the reports with a reporter's message, half of them answered.
  await database.pool.query(
    `insert into report_status_change (report_id, from_status, to_status, actor_id, occurred_at)
     select id, 'new', 'in_review', 'bench-publisher', created_at + make_interval(mins => 60 + (random() * 8580)::int)
     from report where status <> 'new'`,
  );
  await database.pool.query(
    `insert into report_message (report_id, author, body, created_at)
     select id, 'reporter', $1, created_at + interval '3 days' from report where random() < 0.1`,
    [sealed],
  );
  await database.pool.query(
    `insert into report_message (report_id, author, staff_id, body, created_at)
     select report_id, 'staff', 'bench-publisher', $1, created_at + interval '1 day'
     from report_message where author = 'reporter' and random() < 0.5`,
    [sealed],
  );
  await database.pool.query(
    `insert into public_incident (incident_id, incident_date, incident_type, municipality, province, summaries, original_language, published_by)
     select id, incident_date, incident_type, municipality, province, jsonb_build_object('en', 'A summary for the public.'), 'en', 'bench-publisher'
     from incident where counts and random() < 0.2`,
  );
  // Suggested links (decision 0043): the keyed hashes of the online reports' addresses, a few
  // reports per address (5,000 addresses), as report_url_hash holds them.
  await database.pool.query(
    `insert into report_url_hash (report_id, hash)
     select id, encode(sha256(convert_to('bench ' || (abs(hashtext(id::text)) % 5000), 'UTF8')), 'hex')
     from report where incident_type = 'online'`,
  );
  // As autovacuum leaves a table after a while: statistics and the visibility map (index-only scans).
  await database.pool.query('vacuum analyze');
  const { rows } = await database.pool.query(
    `select count(*)::int as reports, (select count(*)::int from incident) as incidents,
       (select count(*)::int from public_incident) as published,
       count(*) filter (where first_response_at is null)::int as unanswered,
       (select count(*)::int from report_message) as messages from report`,
  );
  console.log(
    `Seeded ${rows[0].reports} reports forming ${rows[0].incidents} incidents (${rows[0].published} published, ${rows[0].unanswered} never answered, ` +
      `${rows[0].messages} thread messages) in ${Math.round(performance.now() - started)} ms ` +
      `on the ${embedded ? 'embedded' : 'external'} database.\n`,
  );

  // A revision that changes on every call: each run computes the public figures afresh.
  let revision = 0;
  const incidents = createPublicIncidentsService(database.db, {
    revision: {
      current: async () => {
        revision += 1;
        return String(revision);
      },
    },
    smallCellThreshold: 3,
  });
  const raw = await readRawFigures(database.db);
  const sparse3 = sparseFigures(7, 45, 3);
  const sparse5 = sparseFigures(5, 20, 5);
  const today = todayInBelgium();
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const twoYearsAgo = `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
  const promise = 2;
  const now = new Date();
  // Suggested links on a report's page: a different online report each run, its incident read
  // first as the operation reads it.
  const { rows: onlineReports } = await database.pool.query<{ id: string }>(
    `select report_id as id from report_url_hash order by hash limit ${RUNS}`,
  );
  let nextSuggestion = 0;
  const suggestionsForAReport = async () => {
    const reportId = onlineReports[nextSuggestion++ % onlineReports.length]?.id ?? '';
    const [found] = await database.db
      .select({ incidentId: report.incidentId })
      .from(report)
      .where(eq(report.id, reportId))
      .limit(1);
    return findIncidentSuggestions(database.db, found?.incidentId ?? '');
  };
  const cases: [string, () => Promise<unknown>][] = [
    ['stats page, last 12 months', () => computeStats(database.db, { from: yearAgo, to: today }, 12, { promise })],
    ['stats page, last 24 months', () => computeStats(database.db, { from: twoYearsAgo, to: today }, 24, { promise })],
    [
      'response times by month, 12 months',
      () => computeResponseTimes(database.db, { months: monthsEnding(today, 12), now, promise }),
    ],
    [
      'response times by month, 24 months',
      () => computeResponseTimes(database.db, { months: monthsEnding(today, 24), now, promise }),
    ],
    ['dashboard: overdue, due soon, waiting', () => readResponseQueue(database.db, { now, promise, limit: 10 })],
    ['30-day count (dashboard, /incidents)', () => countVerifiedLast30Days(database.db)],
    ['/incidents, first page', () => incidents.page({ language: 'nl', page: 1 })],
    ['/incidents, type filter', () => incidents.page({ language: 'he', type: 'online', page: 1 })],
    ['/incidents, page 100', () => incidents.page({ language: 'en', page: 100 })],
    ['public figures: the grouped counts', () => readRawFigures(database.db)],
    ['public figures: small-cell protection', async () => protectFigures(raw, 3)],
    ['  the same in a worker thread', () => protectInWorker(raw, 3)],
    // A quiet organisation's counts, where most cells are small: the rule's hardest case.
    ['  sparse: 45 a year over 3 years', async () => protectFigures(sparse3, 3)],
    ['  sparse: 20 a year over 5 years', async () => protectFigures(sparse5, 3)],
    ['public figures: both (pages, files)', () => incidents.figures()],
    ['suggested links for a report', suggestionsForAReport],
  ];
  console.log('query                                    median ms   slowest ms');
  for (const [name, run] of cases) {
    const times: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)] ?? 0;
    const slowest = times.at(-1) ?? 0;
    console.log(`${name.padEnd(40)} ${median.toFixed(1).padStart(9)} ${slowest.toFixed(1).padStart(12)}`);
  }
} finally {
  await database.close();
  // On an external server the benchmark had a database of its own: it goes, and nothing else changed.
  if (external) {
    await external.admin.query(`drop database ${external.name}`);
    await external.admin.end();
  }
  await embedded?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
