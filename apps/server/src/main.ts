import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSite, type Site } from './composition/site.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { runMigrations } from './db/migrate.ts';
import { settingsFindings, startRefusal } from './doctor/settings.ts';
import { createApp, type WebBuild, withConnectionLimits } from './http/app.ts';
import type { JobRunner } from './jobs/runner.ts';
import { startSiteJobs } from './jobs/site-jobs.ts';
import { createLogger } from './logger.ts';
import { SITE_VERSION, versionLine } from './version.ts';

const WEB_DIR = path.resolve(import.meta.dirname, '../../web');
const SHUTDOWN_TIMEOUT_MS = 25_000;

if (process.argv.includes('--version')) {
  console.log(versionLine());
  process.exit(0);
}

if (fs.existsSync('.env')) process.loadEnvFile('.env');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`${error.message}\nSee .env.example for every setting and what it expects.`);
    process.exit(1);
  }
  throw error;
}
const refusal = startRefusal(config);
if (refusal) {
  console.error(`The site will not start: ${refusal}`);
  process.exit(1);
}
const logger = createLogger(config.logLevel);
// Every other risky setting is a warning at each start, and a finding of `npm run doctor`.
for (const finding of settingsFindings(config)) {
  if (finding.severity === 'warning' || finding.severity === 'blocker') {
    logger.warn({ check: finding.check, fix: finding.fix }, finding.message);
  }
}

async function loadWebBuild() {
  if (config.nodeEnv === 'development') {
    const vite = await import('vite');
    const devServer = await vite.createServer({ root: WEB_DIR, server: { middlewareMode: true } });
    return {
      build: () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<WebBuild>,
      devMiddleware: devServer.middlewares,
      close: () => devServer.close(),
    };
  }
  const serverEntry = path.join(WEB_DIR, 'build/server/index.js');
  if (!fs.existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing). Run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as WebBuild;
  return { build, clientDir: path.join(WEB_DIR, 'build/client'), close: async () => {} };
}

async function main() {
  let embedded: EmbeddedPostgres | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir, logger);
  const database = createDatabase(config.databaseUrl ?? (embedded as EmbeddedPostgres).poolConfig, logger);
  let web: Awaited<ReturnType<typeof loadWebBuild>> | undefined;
  let site: Site | undefined;
  let jobs: JobRunner | undefined;

  const stopEverything = async () => {
    // The runs under way end first, while the pool and the database are still there.
    await jobs?.stop();
    await site?.alerts.stop();
    await site?.notifications.stop();
    await web?.close();
    await database.close();
    await embedded?.stop();
  };

  try {
    await runMigrations(database.pool);
    site = createSite(config, database, logger);
    jobs = await startSiteJobs(site.background, logger);
    web = await loadWebBuild();
  } catch (error) {
    await stopEverything().catch(() => {});
    throw error;
  }

  const readiness = { draining: false };
  const app = createApp({ config, services: (site as Site).http, logger, readiness, ...web });
  const server = withConnectionLimits(app.listen(config.port, config.host));
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  }).catch(async (error: NodeJS.ErrnoException) => {
    await stopEverything().catch(() => {});
    if (error.code === 'EADDRINUSE') throw new Error(`Port ${config.port} is already in use: set PORT to a free port.`);
    throw error;
  });
  const address = `http://${config.host === '127.0.0.1' || config.host === '::1' ? 'localhost' : config.host}:${config.port}`;
  logger.info({ address, database: embedded ? 'embedded' : 'external', version: SITE_VERSION }, 'site started');
  console.log(`\n  Site running at ${address}  (Ctrl-C to stop)\n`);

  let shuttingDown = false;
  const shutDown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    readiness.draining = true;
    const forceExit = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forceExit.unref();
    server.close();
    // A kept-alive connection closes as soon as its request is answered, not when it times out.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    await new Promise((resolve) => server.once('close', resolve));
    clearInterval(closeIdle);
    await stopEverything();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutDown('SIGINT'));
  process.on('SIGTERM', () => void shutDown('SIGTERM'));
}

main().catch((error: Error) => {
  logger.fatal({ err: { message: error.message } }, 'the site could not start');
  console.error(`\nThe site could not start: ${error.message}\n`);
  process.exit(1);
});
