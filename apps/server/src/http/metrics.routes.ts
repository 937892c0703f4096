import { createHash, timingSafeEqual } from 'node:crypto';
import { errorBody } from '@app/core/errors/error-codes';
import { type Request, type Response, Router } from 'express';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../monitoring/metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function hasBearerToken(request: Request, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/.exec(request.get('authorization') ?? '');
  return Boolean(match?.[1]) && timingSafeEqual(digest(match?.[1] ?? ''), digest(token));
}

/**
 * GET /metrics for Prometheus (decision 0030). Only with `Authorization: Bearer <METRICS_TOKEN>`:
 * without the setting the endpoint does not exist (404). Not "loopback only": behind a reverse
 * proxy on the same server every request comes from the loopback address.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined, logger: Logger): Router {
  const router = Router();
  router.get('/metrics', async (request: Request, response: Response) => {
    response.set('Cache-Control', 'no-store');
    if (!token) return response.status(404).json(errorBody('NOT_FOUND'));
    if (!hasBearerToken(request, token)) {
      return response.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').json(errorBody('UNAUTHORIZED'));
    }
    try {
      response.type(metrics.contentType).send(await metrics.render());
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message } }, 'the metrics could not be read');
      response.status(503).json(errorBody('SERVICE_UNAVAILABLE'));
    }
  });
  return router;
}
