import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * What runs a second time on the external server (TEST_DATABASE_URL, PostgreSQL 15 on CI, against
 * the embedded 18): the suites whose SQL could behave differently there — migrations and
 * constraints, the services and operations (locks, races, aggregates, backups, key rotation, the
 * sessions a change of role ends), mail through the outbox, several instances on one database, the
 * public figures. The
 * HTTP-level suites reach the same SQL through those layers, and suites that use no database
 * (configuration, sealing, storage, uploads, logs) would only repeat themselves (decision 0027).
 */
const EXTERNAL_DATABASE_SUITES = [
  'apps/server/src/db/**/*.test.ts',
  'apps/server/src/services/**/*.test.ts',
  'apps/server/src/operations/**/*.test.ts',
  'apps/server/src/mail/**/*.test.ts',
  'apps/server/src/cli/**/*.test.ts',
  'apps/server/src/http/multi-instance*.test.ts',
  'apps/server/src/http/public-figures.test.ts',
];

/**
 * Server and service tests run against a real PostgreSQL: the embedded one always, and the
 * external server named by TEST_DATABASE_URL as well when it is set (CI sets it).
 */
function serverProject(target: 'embedded' | 'external'): TestProjectInlineConfiguration {
  return {
    test: {
      name: `server (${target} PostgreSQL)`,
      include: target === 'external' ? EXTERNAL_DATABASE_SUITES : ['apps/server/src/**/*.test.ts'],
      exclude: target === 'external' ? ['**/*.embedded.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
      environment: 'node',
      globalSetup: ['apps/server/src/test/global-setup.ts'],
      env: { TEST_DB_TARGET: target },
      testTimeout: 30_000,
      // Set-ups that sign several staff members in hash passwords at OWASP strength: room for a busy machine.
      hookTimeout: 120_000,
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker: every file in turn. The server suites
    // spend much of their time waiting for PostgreSQL, SMTP and HTTP, and each file has a database
    // of its own (test/test-database.ts), so two files at a time keep both cores busy; more would
    // push the CPU-heavy suites (scrypt, sharp, proofs of work) toward their timeouts.
    maxWorkers: 2,
    projects: [
      // A time limit that guards against a hang, not a measure of speed: the small-cell rule's linear
      // programmes take 2 s on a quiet machine and took 10 s beside the server tests on a busy one.
      {
        test: { name: 'packages', include: ['packages/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/vitest.setup.ts'],
        },
      },
      serverProject('embedded'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('external')] : []),
    ],
  },
});
