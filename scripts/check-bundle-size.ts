// Prints the first-load JavaScript of the home page (gzip) and fails above the budget.
// It renders `/` with the built server bundle, exactly as the server does, and counts every script
// the page loads: the module scripts it preloads and the inline scripts in the HTML.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { loadConfig } from '../apps/server/src/config.ts';

/** See docs/decisions/0006-first-load-budget.md for why the budget is this figure. */
const BUDGET_BYTES = Number(process.env.BUNDLE_BUDGET_KB ?? 125) * 1024;
const WEB = path.resolve(import.meta.dirname, '../apps/web/build');

const build = (await import(pathToFileURL(path.join(WEB, 'server/index.js')).href)) as ServerBuild & {
  entry: { module: { appContext: Parameters<RouterContextProvider['set']>[0] } };
};
// The site as it runs with no settings at all and no text edited by staff (the home page reads the
// edited texts; none means the shipped ones).
const { site } = loadConfig({});
const noEdits = { current: async () => ({}), emergencyNumbers: async () => undefined };
const context = new RouterContextProvider(
  new Map([
    [build.entry.module.appContext, { site, publicUrl: 'http://localhost', cspNonce: 'budget', content: noEdits }],
  ]),
);
const response = await createRequestHandler(build, 'production')(
  new Request('http://localhost/', { headers: { 'Accept-Language': 'en' } }),
  context,
);
const html = await response.text();

const files = new Set<string>();
for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(match[1] ?? '');
for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g))
  files.add(match[1] ?? '');
const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
  (match) => match[1] ?? '',
);

const rows = [...files].map((file) => {
  const bytes = fs.readFileSync(path.join(WEB, 'client', file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const inline = gzipSync(inlineScripts.join('\n'), { level: 9 }).length;
const total = rows.reduce((sum, row) => sum + row.gzip, 0) + inline;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`${kb(row.gzip).padStart(9)}  ${row.file}`);
console.log(`${kb(inline).padStart(9)}  (inline scripts)`);
console.log(`First-load JavaScript of the home page: ${kb(total)} gzip (budget ${kb(BUDGET_BYTES)})`);
if (response.status !== 200 || files.size === 0) {
  console.error(`Could not read the home page (status ${response.status}).`);
  process.exit(1);
}
if (total > BUDGET_BYTES) {
  console.error('Over budget.');
  process.exit(1);
}
