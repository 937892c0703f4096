import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// One id per build, shared by the browser and the server bundles (both are built in this process),
// so that the site can tell when a newer build is being served.
process.env.BUILD_ID ??= `${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The browser's first load in few files (docs/decisions/0020-phone-first-load.md): React and React
 * Router in one chunk, the site's shell (components, translator, hooks, languages, paths) in
 * another, instead of some thirty small files that a phone fetches one round trip after another.
 * Route modules keep their own chunks, so forms, the staff area and the charts still load only on
 * their pages.
 */
const CHUNK_GROUPS = [
  { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
  {
    // With two one-line modules of core that pages all over the site import (the incident types,
    // the isolation of a name in right-to-left text): 0.1 KB, each a round trip of its own before.
    name: 'site',
    test: /apps[\\/]web[\\/]app[\\/](components|i18n|lib)[\\/]|apps[\\/]web[\\/]app[\\/]paths\.ts|packages[\\/]locales[\\/]src[\\/](languages|bidi)\.ts|packages[\\/]core[\\/]src[\\/]forms[\\/]incident-types\.ts/,
    priority: 10,
  },
  {
    // The report form's parts that the public form and the staff's "record a report" share (its
    // values, steps and questions, the plain form's field list, the receipt panel): one file instead
    // of four (since stop 39 the page also fetches its form messages: decision 0020). After
    // `forms` (a group takes the modules its own import, and these import the forms' machinery);
    // not the check on sending (`report-validation.ts`, with zod, imported when the form is sent).
    name: 'report',
    test: /apps[\\/]web[\\/]app[\\/]features[\\/]report-form[\\/](report-values|report-steps|step-indicator|receipt-panel)\.tsx?$|packages[\\/]core[\\/]src[\\/]forms[\\/](report-questions|plain-forms)\.ts/,
    priority: 4,
  },
  {
    // The field wrappers, the error catalogue and Vite's helper for dynamic imports, which the public
    // forms and the staff pages (sign-in included) all import: one file instead of five.
    name: 'fields',
    test: /apps[\\/]web[\\/]app[\\/]shared[\\/]forms[\\/](form-field|input-fields)\.tsx|packages[\\/]core[\\/]src[\\/]errors[\\/]|vite[\\/]preload-helper/,
    priority: 7,
  },
  {
    // The public forms' own machinery (report, contact, follow-up): react-hook-form, the ALTCHA
    // field, submission, the unsaved-changes guard, the error summary. Over HTTP/1.1 each of these
    // was a file of 1–3 KB that cost a round trip before the form could paint.
    name: 'forms',
    test: /apps[\\/]web[\\/]app[\\/]shared[\\/]forms[\\/]|node_modules[\\/]react-hook-form[\\/]|packages[\\/]core[\\/]src[\\/]forms[\\/](limits|follow-up|form-rules)\.ts/,
    priority: 5,
  },
];

export default defineConfig({
  plugins: [reactRouter()],
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID) },
  build: { sourcemap: false },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } } } },
  },
});
