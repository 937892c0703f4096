import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Server and service tests run against a real PostgreSQL: the embedded one always, and the
 * external server named by TEST_DATABASE_URL as well when it is set (CI sets it).
 */
function serverProject(target: 'embedded' | 'external'): TestProjectInlineConfiguration {
  return {
    test: {
      name: `server (${target} PostgreSQL)`,
      include: ['apps/server/src/**/*.test.ts'],
      exclude: target === 'external' ? ['**/*.embedded.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
      environment: 'node',
      globalSetup: ['apps/server/src/test/global-setup.ts'],
      env: { TEST_DB_TARGET: target },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'packages', include: ['packages/**/*.test.ts'], environment: 'node' } },
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
