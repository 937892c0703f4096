import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { createLogger } from '../logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Connection URL of a database server in which each test file creates its own database, one per
     * target: the projects' global setups share this context, so the keys must not collide.
     */
    'adminDatabaseUrl:embedded': string;
    'adminDatabaseUrl:external': string;
  }
}

/** One database server for the whole run: the embedded one in a temporary folder, or the external one. */
export default async function setup(project: TestProject) {
  // Global setups run in Vitest's main process, where a project's `env` is not applied: read it
  // from the project's configuration.
  if (project.config.env?.TEST_DB_TARGET === 'external') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL must be set for the external-database tests');
    project.provide('adminDatabaseUrl:external', url);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-test-db-'));
  const embedded = await startEmbeddedPostgres(dataDir, createLogger('silent'));
  const { host, user, database } = embedded.poolConfig;
  project.provide(
    'adminDatabaseUrl:embedded',
    `postgres://${user}@localhost/${database}?host=${encodeURIComponent(String(host))}`,
  );
  return async () => {
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
