import { Router } from 'express';
import type pg from 'pg';

const HEALTH_QUERY_TIMEOUT_MS = 2_000;

async function isDatabaseReachable(pool: pg.Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_QUERY_TIMEOUT_MS);
  });
  const query = pool.query('select 1').then(
    () => true,
    () => false,
  );
  const reachable = await Promise.race([query, timeout]);
  clearTimeout(timer);
  return reachable;
}

/** GET /api/health: 200 when the app and its database answer, 503 when the database does not. */
export function healthRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get('/api/health', async (_request, response) => {
    const databaseOk = await isDatabaseReachable(pool);
    response
      .status(databaseOk ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: databaseOk ? 'ok' : 'unavailable', database: databaseOk ? 'ok' : 'unreachable' });
  });
  return router;
}
