import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { SITE_VERSION } from '../version.ts';
import { hasBearerToken } from './metrics.routes.ts';

const HEALTH_QUERY_TIMEOUT_MS = 2_000;

/** Set when the process starts to shut down: readiness turns 503 so that a proxy stops sending. */
export type Readiness = { draining: boolean };

function withTimeout<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), HEALTH_QUERY_TIMEOUT_MS);
  });
  return Promise.race([work.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

const isDatabaseReachable = (pool: pg.Pool) =>
  withTimeout(
    pool.query('select 1').then(() => true),
    false,
  );

/** The migrations this build ships, as drizzle's journal lists them. */
function shippedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * GET /api/health (liveness): 200 when the app and its database answer, 503 when the database
 * does not; with `Authorization: Bearer <METRICS_TOKEN>` it also names the release (decision
 * 0036: never to the public). GET /api/ready (readiness): 200 only when this instance should get
 * traffic: database reachable, every migration of this build applied, storage readable, and not
 * shutting down.
 */
export function healthRoutes(
  pool: pg.Pool,
  { storage, readiness, metricsToken }: { storage?: StorageDriver; readiness?: Readiness; metricsToken?: string } = {},
): Router {
  const router = Router();
  const expectedMigrations = shippedMigrations();

  router.get('/api/health', async (request, response) => {
    const databaseOk = await isDatabaseReachable(pool);
    const monitoring = metricsToken !== undefined && hasBearerToken(request, metricsToken);
    response
      .status(databaseOk ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: databaseOk ? 'ok' : 'unavailable',
        database: databaseOk ? 'ok' : 'unreachable',
        ...(monitoring ? { version: SITE_VERSION } : {}),
      });
  });

  router.get('/api/ready', async (_request, response) => {
    const [database, migrations, files] = await Promise.all([
      isDatabaseReachable(pool),
      withTimeout(
        pool
          .query<{ applied: number }>('select count(*)::int as applied from drizzle.__drizzle_migrations')
          .then((result) => (result.rows[0]?.applied ?? 0) >= expectedMigrations),
        false,
      ),
      storage
        ? withTimeout(
            storage.list('health-check/').then(() => true),
            false,
          )
        : Promise.resolve(true),
    ]);
    const checks = {
      database: database ? 'ok' : 'unreachable',
      migrations: migrations ? 'ok' : 'pending',
      storage: files ? 'ok' : 'unreachable',
      shutdown: readiness?.draining ? 'draining' : 'no',
    };
    const ready = database && migrations && files && !readiness?.draining;
    response
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'not-ready', ...checks });
  });
  return router;
}
