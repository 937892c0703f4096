// Benchmark of the statistics and public-incidents queries with many reports:
//   npm run bench:stats   (BENCH_REPORTS=100000; BENCH_DATABASE_URL for an external server;
//   BENCH_KEEP=1 with it keeps the seeded database, to study a query with `explain analyze`)
// Seeds reports spread over three years, every fifth a second report of the incident before it
// (decision 0037: 100,000 reports, 80,000 incidents; most verified, some rejected, closed, new; a fifth of the
// verified ones published; every report past "new" with its first status change some hours or days
// after it arrived; a tenth with a reporter's message, half of those answered), then prints the median and slowest of 7 runs of each query the
// statistics page, the dashboard and the public Incidents page make, and of the public figures
// (/incidents, the yearly summaries, the open data files: counts and small-cell protection, also
// on the sparse counts of a quiet organisation, where the rule has the most to do), and of the
// suggested links of a report's page (decision 0043); and search across sealed text (decision 0055):
// a blind index of about 40 distinct words per report from a vocabulary of 50,000 (a few words
// very common, most rare), each search through the list operation itself (its audit row included),
// printed as the median and 95th percentile of 60 searches of one or two words.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { protectFigures } from '@app/core/figures/public-figures-protection';
import { sparseFigures } from '@app/core/figures/sample-figures';
import { todayInBelgium } from '@app/core/site/dates';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createAuditLog } from '../src/audit/audit-log.ts';
import { createEncryption } from '../src/crypto/encryption.ts';
import { searchKeys, tokenHash } from '../src/crypto/search-tokens.ts';
import { createDatabase } from '../src/db/database.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { report } from '../src/db/schema.ts';
import { createLogger } from '../src/logger.ts';
import type { OperationDeps } from '../src/operations/operation-context.ts';
import { listReports } from '../src/operations/reports/list-reports.ts';
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
  // Search (decision 0055): the blind index as the writers leave it, ~40 distinct words a report,
  // drawn from 50,000 words by a skewed law (word n about as often as 1/n^0.7), hashed under the
  // search key of data key 1; every report marked as indexed.
  const indexStarted = performance.now();
  const [searchKey] = searchKeys(encryption);
  if (!searchKey) throw new Error('no search key');
  const VOCABULARY = 50_000;
  const vocabulary = Array.from({ length: VOCABULARY }, (_, n) => `bench${n}`);
  const hashes = vocabulary.map((word) => tokenHash(searchKey.key, word).toString());
  const pickWord = () => Math.min(VOCABULARY - 1, Math.floor(VOCABULARY * Math.random() ** 3.3));
  const { rows: reportIds } = await database.pool.query<{ id: string }>('select id::text as id from report');
  let indexRows = 0;
  for (let start = 0; start < reportIds.length; start += 2_500) {
    const ids: string[] = [];
    const tokens: string[] = [];
    for (const { id } of reportIds.slice(start, start + 2_500)) {
      const words = new Set<number>();
      while (words.size < 40) words.add(pickWord());
      for (const word of words) {
        ids.push(id);
        tokens.push(hashes[word] as string);
      }
    }
    await database.pool.query(
      `insert into report_search_token (report_id, key_id, token)
       select unnest($1::uuid[]), ${searchKey.id}, unnest($2::bigint[]) on conflict do nothing`,
      [ids, tokens],
    );
    indexRows += ids.length;
  }
  await database.pool.query(
    `insert into report_search_state (report_id, key_id) select id, ${searchKey.id} from report`,
  );
  console.log(
    `Search index: ${indexRows} words of ${reportIds.length} reports in ${Math.round(performance.now() - indexStarted)} ms.`,
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

  // Search across sealed text, as a coordinator's list page asks it: the list operation with its
  // search, the count, the first page and the audit row with its sealed terms.
  const searchDeps = { db: database.db, encryption, audit: createAuditLog(database.db) } as unknown as OperationDeps;
  const coordinator = {
    id: 'bench-publisher',
    name: 'Bench',
    email: 'bench@example.org',
    role: 'coordinator' as const,
  };
  const search = (words: string, status?: 'verified') =>
    listReports(searchDeps, coordinator, {
      sort: 'received-desc',
      page: 1,
      search: words,
      ...(status ? { status } : {}),
    });
  const { rows: frequencies } = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from report_search_token where token = $1`,
    [hashes[0]],
  );
  console.log(`\nSearch (the most common word is in ${frequencies[0]?.n ?? 0} reports):`);
  const searchTimes: number[] = [];
  for (let run = 0; run < 60; run += 1) {
    // Words of every frequency: a rank spread evenly on a log scale; every third search two words;
    // every fifth with the status filter too.
    const rank = () => Math.floor(Math.exp(Math.random() * Math.log(VOCABULARY)));
    const words = run % 3 === 0 ? `${vocabulary[rank()]} ${vocabulary[rank()]}` : (vocabulary[rank()] as string);
    const start = performance.now();
    await search(words, run % 5 === 0 ? 'verified' : undefined);
    searchTimes.push(performance.now() - start);
  }
  searchTimes.sort((a, b) => a - b);
  const percentile = (p: number) =>
    searchTimes[Math.min(searchTimes.length - 1, Math.ceil(p * searchTimes.length) - 1)] ?? 0;
  console.log(
    `search, 60 of 1–2 words: median ${percentile(0.5).toFixed(1)} ms, p95 ${percentile(0.95).toFixed(1)} ms, slowest ${(searchTimes.at(-1) ?? 0).toFixed(1)} ms`,
  );
  for (const [name, words] of [
    ['the most common word', vocabulary[0] as string],
    ['the two most common words', `${vocabulary[0]} ${vocabulary[1]}`],
    ['a rare word', vocabulary[VOCABULARY - 7] as string],
    ['a word no report has', 'absentword'],
  ] as const) {
    const times: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const start = performance.now();
      await search(words);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(38)} median ${(times[Math.floor(RUNS / 2)] ?? 0).toFixed(1)} ms, slowest ${(times.at(-1) ?? 0).toFixed(1)} ms`,
    );
  }
} finally {
  await database.close();
  // On an external server the benchmark had a database of its own: it goes, and nothing else changed.
  if (external && process.env.BENCH_KEEP) {
    console.log(`\nThe seeded database is kept: ${external.name} (drop it when done).`);
    await external.admin.end();
  } else if (external) {
    await external.admin.query(`drop database ${external.name}`);
    await external.admin.end();
  }
  await embedded?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
