import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { runMigrations } from '../db/migrate.ts';
import { createApp, type WebBuild } from '../http/app.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

const WEB_BUILD_DIR = path.resolve(import.meta.dirname, '../../../web/build');

async function loadWebBuild(): Promise<WebBuild> {
  try {
    return (await import(pathToFileURL(path.join(WEB_BUILD_DIR, 'server/index.js')).href)) as WebBuild;
  } catch {
    throw new Error('The web app is not built: run "npm run build" (npm run test:unit does it for you).');
  }
}

export type TestServer = { baseUrl: string; database: TestDatabase; close(): Promise<void> };

/** The real app (real build, real database with migrations) on a free port of this machine. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  await runMigrations(database.pool);
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://example.test', ...env });
  const app = createApp({
    config,
    pool: database.pool,
    logger: createLogger('silent'),
    build: await loadWebBuild(),
    clientDir: path.join(WEB_BUILD_DIR, 'client'),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await database.drop();
    },
  };
}
