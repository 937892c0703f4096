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
    name: 'site',
    test: /apps[\\/]web[\\/]app[\\/](components|i18n|lib)[\\/]|apps[\\/]web[\\/]app[\\/]paths\.ts|packages[\\/]locales[\\/]src[\\/]languages\.ts/,
    priority: 10,
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
