// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated slow 4G and 4× CPU slowdown)
// on every public page in every language of the built site, as a new visitor meets it: a fresh
// browser profile per run, no cache. Prints one row per page and the minima (and maxima) last.
//
//   npm run bench:lighthouse                      every page × language (about 40 runs)
//   npm run bench:lighthouse -- --pages home,contact --languages en,he
//   npm run bench:lighthouse -- --url http://127.0.0.1:3000   a site that is already running
//   npm run bench:lighthouse -- --json results.json           also keep every figure
//   npm run bench:lighthouse -- --https      over HTTPS and HTTP/2, as a phone meets a deployment
//     (a TLS front of our own stands in for the reverse proxy; the browser then asks for Brotli)
//   npm run bench:lighthouse -- --seed 500   a site whose figures are full: 500 verified incidents over
//     30 months, a fifth published, in a database of its own on the machine's PostgreSQL server
//     (BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), dropped at the end
//
// It is a benchmark, not a test: timings vary with the machine's load. The byte budgets are
// checked deterministically by `npm run check:bundle`.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import { localizedPath, PUBLIC_PAGES, type PublicPage } from '@app/web/paths';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { runMigrations } from '../src/db/migrate.ts';
import { startSite } from './bench-helpers.ts';
import { startHttpsProxy } from './https-proxy.ts';

const { values: options } = parseArgs({
  options: {
    pages: { type: 'string' },
    languages: { type: 'string' },
    url: { type: 'string' },
    json: { type: 'string' },
    seed: { type: 'string' },
    https: { type: 'boolean' },
  },
});

type Page = PublicPage | 'notFound';
const ALL_PAGES: Page[] = [...(Object.keys(PUBLIC_PAGES) as PublicPage[]), 'notFound'];
const pages = options.pages ? (options.pages.split(',') as Page[]) : ALL_PAGES;
const languages = options.languages ? (options.languages.split(',') as Language[]) : [...LANGUAGE_CODES];
for (const page of pages)
  if (!ALL_PAGES.includes(page)) throw new Error(`unknown page ${page}: ${ALL_PAGES.join(', ')}`);
for (const language of languages)
  if (!LANGUAGE_CODES.includes(language)) throw new Error(`unknown language ${language}`);

function pathOf(page: Page, language: Language): string {
  if (page !== 'notFound') return localizedPath(page, language);
  return `${localizedPath('home', language).replace(/\/$/, '')}/no-such-page`;
}

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const seeded = options.seed && !options.url ? await seededDatabase(Number(options.seed)) : undefined;
const site = options.url ? undefined : await startSite(seeded ? { DATABASE_URL: seeded.url } : {});
const plainBase = options.url ?? site?.base ?? '';
const proxy = options.https ? await startHttpsProxy(plainBase) : undefined;
const base = proxy?.base ?? plainBase;

type Row = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  transfer: number;
  scripts: number;
};

/**
 * One Lighthouse run in a fresh browser. Chrome sometimes fails to record a trace (NO_NAVSTART,
 * NO_FCP on a busy machine): such a run is made again, up to three times.
 */
async function audit(path: string) {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        // The TLS front's certificate is made at start for 127.0.0.1.
        ...(proxy ? ['--ignore-certificate-errors'] : []),
      ],
    });
    try {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // The "not found" page is measured too, and it answers 404 on purpose.
        ignoreStatusCode: true,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (!result.lhr.runtimeError) return result;
      if (attempt >= 3) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
      console.log(`      ${path}: ${result.lhr.runtimeError.code}, run again`);
    } finally {
      chrome.kill();
    }
  }
}

const rows: Row[] = [];
try {
  for (const language of languages) {
    for (const page of pages) {
      const path = pathOf(page, language);
      {
        const result = await audit(path);
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        const items = (
          audits['network-requests']?.details as { items?: { transferSize?: number; resourceType?: string }[] }
        )?.items;
        const scripts = (items ?? [])
          .filter((item) => item.resourceType === 'Script')
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
        const row: Row = {
          path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcp: numeric('first-contentful-paint'),
          lcp: numeric('largest-contentful-paint'),
          tbt: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          transfer: numeric('total-byte-weight'),
          scripts,
        };
        rows.push(row);
        printRow(row);
        for (const [id, category] of Object.entries(categories)) {
          if ((category.score ?? 0) >= 1 || id === 'performance') continue;
          const failed = category.auditRefs
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id);
          console.log(`      ${id} below 100: ${failed.join(', ')}`);
        }
      }
    }
  }
} finally {
  await proxy?.stop();
  await site?.stop();
  await seeded?.drop();
}

/** A database of its own with `count` verified incidents over the last 30 months, a fifth published. */
async function seededDatabase(count: number) {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `cs_bench_lighthouse_${process.pid}`;
  const admin = new pg.Client(url.toString());
  await admin.connect();
  await admin.query(`create database ${name}`);
  url.pathname = `/${name}`;
  const client = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    await runMigrations(client);
    // Sealed columns hold a placeholder: the public pages read none of them.
    await client.query(
      `insert into report (id, language, is_anonymous, personal_data, incident_date, location, incident_type,
         description, called_police, called_organisation, medical_treatment, terms_accepted_at, status, created_at)
       select gen_random_uuid(), 'en', true, null, (current_date - (random() * 910)::int)::date, 'sealed',
         (array['verbal','verbal','verbal','online','online','harassment','letter','provocation','physical','other'])[1 + (random() * 9)::int],
         'sealed', false, false, false, now(), 'verified', now()
       from generate_series(1, $1::int) as i`,
      [count],
    );
    // Each report made its own incident (decision 0037), whose place staff recorded.
    await client.query(
      `update incident set municipality = 'Municipality ' || (abs(hashtext(id::text)) % 40),
         province = (array['antwerp','antwerp','antwerp','east_flanders','flemish_brabant','limburg','west_flanders','brussels','elsewhere_in_belgium'])[1 + (random() * 8)::int]`,
    );
    await client.query(
      `insert into staff_user (id, name, email, role) values ('bench-publisher', 'Bench', 'bench@example.org', 'coordinator')`,
    );
    await client.query(
      `insert into public_incident (incident_id, incident_date, incident_type, municipality, province, summaries, original_language, published_by)
       select id, incident_date, incident_type, municipality, province,
         jsonb_build_object('en', 'Insults shouted at a man wearing a kippah near the station.'), 'en', 'bench-publisher'
       from incident where random() < 0.2`,
    );
  } finally {
    await client.end();
  }
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

function printRow(row: Row | Record<keyof Row, string | number>) {
  const cell = (value: string | number, width: number) => String(value).padStart(width);
  const format = (value: number | string, unit: 'ms' | 'kb' | 'cls') =>
    typeof value === 'string'
      ? value
      : unit === 'ms'
        ? `${(value / 1000).toFixed(2)} s`
        : unit === 'kb'
          ? `${(value / 1024).toFixed(0)} KB`
          : value.toFixed(3);
  console.log(
    [
      String(row.path).padEnd(24),
      cell(row.performance, 5),
      cell(row.accessibility, 5),
      cell(row.bestPractices, 5),
      cell(row.seo, 5),
      cell(format(row.fcp, 'ms'), 7),
      cell(format(row.lcp, 'ms'), 7),
      cell(typeof row.tbt === 'number' ? `${Math.round(row.tbt)} ms` : row.tbt, 7),
      cell(format(row.cls, 'cls'), 6),
      cell(format(row.transfer, 'kb'), 7),
      cell(format(row.scripts, 'kb'), 7),
    ].join(' '),
  );
}

function header() {
  printRow({
    path: 'page',
    performance: 'perf',
    accessibility: 'a11y',
    bestPractices: 'b.p.',
    seo: 'seo',
    fcp: 'FCP',
    lcp: 'LCP',
    tbt: 'TBT',
    cls: 'CLS',
    transfer: 'bytes',
    scripts: 'JS',
  });
}

if (rows.length > 0) {
  console.log('');
  header();
  for (const row of rows) printRow(row);
  const min = (key: keyof Row) => Math.min(...rows.map((row) => row[key] as number));
  const max = (key: keyof Row) => Math.max(...rows.map((row) => row[key] as number));
  printRow({
    path: 'worst of all',
    performance: min('performance'),
    accessibility: min('accessibility'),
    bestPractices: min('bestPractices'),
    seo: min('seo'),
    fcp: max('fcp'),
    lcp: max('lcp'),
    tbt: max('tbt'),
    cls: max('cls'),
    transfer: max('transfer'),
    scripts: max('scripts'),
  });
  if (options.json) fs.writeFileSync(options.json, JSON.stringify(rows, null, 2));
}
