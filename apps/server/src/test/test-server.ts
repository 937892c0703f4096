import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSite, type Site } from '../composition/site.ts';
import { type Config, loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { createApp, type WebBuild, withConnectionLimits } from '../http/app.ts';
import type { Readiness } from '../http/health.routes.ts';
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

export type TestServer = {
  baseUrl: string;
  /** Set `draining` to act as an instance that has begun to shut down. */
  readiness: Readiness;
  database: TestDatabase;
  /** The whole site, as main.ts holds it: tests reach any part. */
  services: Site;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
};

/** The real app (real build, real database with migrations) on a free port of this machine. */
export async function startTestServer(
  env: Record<string, string> = {},
  logDestination?: NodeJS.WritableStream,
  /** Another instance of the same site: same database, files folder and key, its own pool and app. */
  sameSiteAs?: TestServer,
): Promise<TestServer> {
  let database: TestDatabase;
  if (sameSiteAs) {
    const own = createDatabase(sameSiteAs.database.url, createLogger('silent'));
    database = { ...own, url: sameSiteAs.database.url, drop: () => own.close() };
  } else {
    database = await createTestDatabase();
  }
  await runMigrations(database.pool);
  const dataDir = sameSiteAs?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cs-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://example.test',
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: sameSiteAs?.config.encryptionKey?.toString('base64') ?? randomBytes(32).toString('base64'),
    // Every test's requests come from this machine's one address: the tests of this limit set it.
    PLAIN_FORM_POSTS_PER_10_MINUTES_PER_IP: '1000',
    ...env,
  });
  const logger = logDestination ? createLogger(config.logLevel, logDestination) : createLogger('silent');
  const services = createSite(config, database, logger);
  const readiness: Readiness = { draining: false };
  const app = createApp({
    config,
    services: services.http,
    logger,
    readiness,
    build: await loadWebBuild(),
    clientDir: path.join(WEB_BUILD_DIR, 'client'),
  });
  const server = withConnectionLimits(app.listen(0, '127.0.0.1'));
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    readiness,
    database,
    services,
    config,
    dataDir,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.notifications.stop();
      await database.drop();
      if (!sameSiteAs) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The test site's key, as ENCRYPTION_KEY gives it. */
export const keyOf = (server: TestServer) => server.config.encryptionKey?.toString('base64') ?? '';

/** Where the test site's data is, as a command of `npm run …` is told: its database, files folder and key. */
export const siteEnvOf = (server: TestServer) => ({
  DATABASE_URL: server.database.url,
  DATA_DIR: server.dataDir,
  ENCRYPTION_KEY: keyOf(server),
});

/** The whole environment of a command run beside the test site: the test's own, and the site's. */
export function commandEnvOf(server: TestServer): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'test', PUBLIC_URL: 'https://example.test', ...siteEnvOf(server) };
}

/**
 * A form token as the server makes it (decision 0021), given `ageSeconds` ago: the server's own key,
 * derived as it does. For tests of the forms without JavaScript that must not wait 5 seconds.
 */
export function formTokenAged(server: TestServer, ageSeconds: number): string {
  const key = server.services.encryption.deriveKey('form-tokens');
  const body = `${Math.floor(Date.now() / 1000 - ageSeconds).toString(36)}.${randomBytes(16).toString('base64url')}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}
