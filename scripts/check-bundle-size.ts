// `npm run check:bundle` (part of `npm test`): the first-load bytes of every public page in every
// language, counted deterministically from the built site, and the budgets they must keep.
//
// Each page is rendered with the built server bundle, exactly as the server does, and everything
// a first visit loads before the page is complete is counted: the HTML (with the stylesheet it
// carries inline, root.tsx), the linked stylesheets, the module scripts it preloads and its inline
// scripts, and the font it preloads. Text files are
// counted as they are sent: the Brotli copies made at build time (what a browser gets over HTTPS),
// with gzip level 9 beside them (what a browser gets over plain http, and the architecture's unit
// for JavaScript). See docs/decisions/0020-phone-first-load.md for the budgets.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { INCIDENT_CATEGORIES } from '@app/core/casework/classification';
import { PROVINCES } from '@app/core/casework/statuses';
import { monthRange } from '@app/core/figures/public-figures';
import { protectFigures } from '@app/core/figures/public-figures-protection';
import { SMALL_CELL_DEFAULT_THRESHOLD } from '@app/core/figures/small-cells';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import { todayInBelgium } from '@app/core/site/dates';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { localizedPath, PUBLIC_PAGES, type PublicPage, yearlyPath } from '@app/web/paths';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { loadConfig } from '../apps/server/src/config.ts';

const KB = 1024;
/** The home page's first-load JavaScript, gzip: the framework (React, React Router) and our shell. */
// 118.0 until stop 39; the forms' messages then left the form pages' HTML for a file of their own
// (decision 0020): the shell that fetches them before hydrating adds 0.3 KB to every page (118.2 KB
// in Yiddish), and each form page's HTML lost 5-6 KB.
const HOME_JS_GZIP_BUDGET = Number(process.env.BUNDLE_BUDGET_KB ?? 118.5) * KB;
/** Everything a first visit to the home page loads, as sent over HTTPS (Brotli). */
const HOME_TOTAL_BUDGET = 150 * KB;
/** Every other public page; the form pages carry the form, its checks and the spam check. */
const PAGE_TOTAL_BUDGET: Record<PublicPage | 'incidentsYear' | 'notFound', number> = {
  home: HOME_TOTAL_BUDGET,
  // Three busy years of figures in charts and tables, and (since stop 23) the Yiddish date table
  // every language's page carries (packages/locales/src/date-format.ts): 150.1 KB in French.
  // Since stop 35 a third comparison, by staff category (decision 0054), with its table: 152.0 KB
  // in French, after the arrondissements' names were cut to the listed ones and each pair of
  // charts given one legend to make room.
  incidents: 155 * KB,
  incidentsData: 150 * KB,
  // A yearly summary (the current year's, with every month and province): charts and four tables.
  // 150.1 KB in French since stop 39 (the shell's 0.3 KB for the forms' messages, above).
  incidentsYear: 151 * KB,
  // The policy itself is most of the page's HTML (17.3 KB in French, since it names every field the
  // site keeps, decisions 0045 to 0049): 150.0 KB in French at stop 34, against 150 before.
  privacy: 160 * KB,
  termsOfUse: 150 * KB,
  notFound: 145 * KB,
  // The receipt form, the thread, the reply notice and the reporter's control (decision 0046):
  // 168.8 KB in French at stop 34. At stop 33 it weighed 189.1 KB: core's reporter-control module,
  // whose words and numbers the page needs, held the staff's erasure-answer schema too, and the
  // bundler put it with all of zod (82 KB) in a chunk the page loads. The schema now lives in
  // casework.schema.ts, and reporter-control imports no zod.
  followUp: 175 * KB,
  contact: 170 * KB,
  incidentReport: 175 * KB,
};

/**
 * The files a first visit fetches before the page is complete: the HTML, its module scripts, linked
 * stylesheets and the preloaded font. Over plain HTTP/1.1 a phone has six connections to the site,
 * and every file past six waits a round trip for one of them (decision 0020, "stop 36" and
 * "stop 37"): the report form fetched 15 at stop 35, 13 since stop 39 (its form messages, a file of
 * their own: decision 0020); the figures pages 13.
 */
const FILES_BUDGET = 13;

const WEB = path.resolve(import.meta.dirname, '../apps/web/build');
const build = (await import(pathToFileURL(path.join(WEB, 'server/index.js')).href)) as ServerBuild & {
  entry: { module: { appContext: Parameters<RouterContextProvider['set']>[0] } };
};
// The site as it runs with no settings at all and no text edited by staff.
const { site } = loadConfig({});
const noEdits = { current: async () => ({}), emergencyNumbers: async () => undefined, history: async () => [] };
// The figures at their largest: three years with a count in every month, province and type (two
// digits each), so that the charts and tables weigh what a busy year makes them weigh.
const today = todayInBelgium();
const busyMonths = monthRange(`${Number(today.slice(0, 4)) - 2}-01`, today.slice(0, 7));
const busyFigures = protectFigures(
  {
    asOf: today,
    byMonth: busyMonths.flatMap((month, m) =>
      INCIDENT_TYPES.map((type, t) => ({ month, type, count: 10 + ((m * 7 + t * 13) % 87) })),
    ),
    byYear: [...new Set(busyMonths.map((month) => Number(month.slice(0, 4))))].flatMap((year) =>
      PROVINCES.flatMap((province, p) =>
        INCIDENT_TYPES.map((type, t) => ({ year, province, type, count: 10 + ((p * 11 + t * 5) % 89) })),
      ),
    ),
    samePeriodLastYear: PROVINCES.flatMap((province, p) =>
      INCIDENT_TYPES.map((type, t) => ({ province, type, count: 10 + ((p * 3 + t * 17) % 83) })),
    ),
    // Every category, "not classified" included (two digits each); the sums need not agree here,
    // since every count is shown.
    byYearCategory: [...new Set(busyMonths.map((month) => Number(month.slice(0, 4))))].flatMap((year) =>
      [...INCIDENT_CATEGORIES, null].map((category, c) => ({ year, category, count: 10 + ((c * 19) % 80) })),
    ),
    samePeriodLastYearByCategory: [...INCIDENT_CATEGORIES, null].map((category, c) => ({
      category,
      count: 10 + ((c * 23) % 80),
    })),
  },
  SMALL_CELL_DEFAULT_THRESHOLD,
);
const noIncidents = {
  page: async ({ page }: { page: number }) => ({ countLast30Days: 0, items: [], total: 0, page, pageSize: 20 }),
  figures: async () => busyFigures,
};
const handler = createRequestHandler(build, 'production');

const brotli = (bytes: Buffer | string) =>
  brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }).length;
const gzip = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const asset = (file: string) => fs.readFileSync(path.join(WEB, 'client', file));

type Figures = {
  path: string;
  html: number;
  css: number;
  jsGzip: number;
  jsBrotli: number;
  font: number;
  total: number;
  /** The HTML, module scripts, linked stylesheets and preloaded font: what a first visit fetches. */
  files: number;
};

async function measure(
  page: PublicPage | 'incidentsYear' | 'notFound',
  language: (typeof LANGUAGE_CODES)[number],
): Promise<Figures> {
  const home = localizedPath('home', language);
  const urlPath =
    page === 'notFound'
      ? `${home.replace(/\/$/, '')}/no-such-page`
      : page === 'incidentsYear'
        ? yearlyPath(Number(today.slice(0, 4)), language)
        : localizedPath(page, language);
  const context = new RouterContextProvider(
    new Map([
      [
        build.entry.module.appContext,
        {
          site,
          publicUrl: 'http://localhost',
          cspNonce: '',
          content: noEdits,
          publicIncidents: noIncidents,
          followUp: { view: async () => ({ state: 'none' as const }) },
          staffSession: { state: 'anonymous' as const },
          clientIp: undefined,
        },
      ],
    ]),
  );
  const response = await handler(new Request(`http://localhost${urlPath}`), context);
  const html = await response.text();
  const expected = page === 'notFound' ? 404 : 200;
  if (response.status !== expected) throw new Error(`${urlPath} answered ${response.status}, not ${expected}`);

  const scripts = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) scripts.add(match[1] ?? '');
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g))
    scripts.add(match[1] ?? '');
  // A form page preloads them from its module script, after its first paint (decision 0020, stop 40):
  // the same files, fetched all the same on a first visit.
  for (const match of html.matchAll(
    /(\["\/assets\/[^\]]*\])\.forEach\(function\(h\)\{var l=document\.createElement\('link'\);l\.rel='modulepreload'/g,
  ))
    for (const file of JSON.parse(match[1] ?? '[]') as string[]) scripts.add(file);
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) scripts.add(match[1] ?? '');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .join('\n');
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1] ?? '');
  // The public stylesheet is in the HTML itself (root.tsx): its bytes are the HTML's.
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '').join('\n');
  const fonts = [...html.matchAll(/<link rel="preload" as="font"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  // A form page's messages (apps/web/app/i18n/form-messages.ts): fetched before it hydrates.
  const fetched = [...html.matchAll(/<link rel="preload" as="fetch"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  if (scripts.size === 0 || styles.length + inlineCss.length === 0)
    throw new Error(`${urlPath}: no scripts or no stylesheet found`);

  const jsFiles = [...scripts].map(asset);
  const jsGzip = jsFiles.reduce((sum, bytes) => sum + gzip(bytes), 0) + gzip(inline);
  const jsBrotli = jsFiles.reduce((sum, bytes) => sum + brotli(bytes), 0) + brotli(inline);
  const htmlBytes = brotli(html);
  const linkedCss = styles.reduce((sum, file) => sum + brotli(asset(file)), 0);
  const font = fonts.reduce((sum, file) => sum + asset(file).length, 0);
  // The inline scripts and styles are part of the HTML's bytes; JavaScript counts its own for its
  // budget, and the CSS column shows the inline stylesheet beside the linked ones.
  const data = fetched.reduce((sum, file) => sum + brotli(asset(file)), 0);
  const total = htmlBytes + linkedCss + (jsBrotli - brotli(inline)) + font + data;
  const css = linkedCss + (inlineCss ? brotli(inlineCss) : 0);
  const files = 1 + scripts.size + styles.length + fonts.length + fetched.length;
  return { path: urlPath, html: htmlBytes, css, jsGzip, jsBrotli, font, total, files };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const pages = [...(Object.keys(PUBLIC_PAGES) as PublicPage[]), 'incidentsYear' as const, 'notFound' as const];
const failures: string[] = [];
console.log(
  `${'page'.padEnd(24)}${'HTML'.padStart(9)}${'CSS'.padStart(9)}${'JS gzip'.padStart(10)}${'JS br'.padStart(10)}${'font'.padStart(9)}${'total'.padStart(10)}${'budget'.padStart(10)}${'files'.padStart(7)}`,
);
for (const language of LANGUAGE_CODES) {
  for (const page of pages) {
    const figures = await measure(page, language);
    const budget = PAGE_TOTAL_BUDGET[page];
    console.log(
      `${figures.path.padEnd(24)}${kb(figures.html).padStart(9)}${kb(figures.css).padStart(9)}${kb(figures.jsGzip).padStart(10)}${kb(figures.jsBrotli).padStart(10)}${kb(figures.font).padStart(9)}${kb(figures.total).padStart(10)}${kb(budget).padStart(10)}${String(figures.files).padStart(7)}`,
    );
    if (figures.files > FILES_BUDGET)
      failures.push(`${figures.path}: ${figures.files} files before the page is complete > ${FILES_BUDGET}`);
    if (figures.total > budget) failures.push(`${figures.path}: first load ${kb(figures.total)} > ${kb(budget)}`);
    if (page === 'home' && figures.jsGzip > HOME_JS_GZIP_BUDGET)
      failures.push(`${figures.path}: first-load JavaScript ${kb(figures.jsGzip)} gzip > ${kb(HOME_JS_GZIP_BUDGET)}`);
    if (page === 'home' && language === 'en')
      console.log(
        `  First-load JavaScript of the home page: ${kb(figures.jsGzip)} gzip, ${kb(figures.jsBrotli)} Brotli (budget ${kb(HOME_JS_GZIP_BUDGET)} gzip)`,
      );
  }
}
if (failures.length > 0) {
  console.error(`Over budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Every public page is within its first-load budget.');
