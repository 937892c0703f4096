import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * What runs a second time on the external server (TEST_DATABASE_URL, PostgreSQL 15 on CI, against
 * the embedded 18): the suites whose SQL depends on the server's version or on concurrency there —
 * migrations, constraints and upgrades from a release; locks and races (several instances, linking
 * and splitting incidents, early warnings from two instances, the outbox); aggregates (the figures
 * and their small-cell rule); backups and restores. The operations and services that read and write
 * plain rows reach the same SQL as on the embedded server, and the HTTP-level suites reach it
 * through them (decision 0027).
 */
const EXTERNAL_DATABASE_SUITES = [
  'apps/server/src/db/**/*.test.ts',
  'apps/server/src/http/multi-instance*.test.ts',
  'apps/server/src/http/public-figures.test.ts',
  'apps/server/src/operations/reports/incident-operations.test.ts',
  'apps/server/src/services/casework/early-warnings.test.ts',
  'apps/server/src/mail/**/*.test.ts',
  'apps/server/src/services/figures/**/*.test.ts',
  'apps/server/src/services/backup/backup.test.ts',
  'apps/server/src/cli/backup.test.ts',
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
      // Checks of the repository as a whole (scripts/): what no single part's project owns.
      { test: { name: 'repository', include: ['scripts/**/*.test.ts'], environment: 'node' } },
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
