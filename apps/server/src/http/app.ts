import type http from 'node:http';
import { AppError } from '@app/core/errors/app-error';
import { errorBody } from '@app/core/errors/error-codes';
import type { StaffAuthForWeb } from '@app/core/staff/staff-api';
import type { AppContextValue, WebServerEntry } from '@app/web/context';
import express from 'express';
import type pg from 'pg';
import {
  createRequestHandler as createReactRouterHandler,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createProxyObservations } from '../monitoring/proxy-observations.ts';
import type { ReplyNotices } from '../services/follow-up/reply-notices.ts';
import type { SiteRevision } from '../services/site/site-revision.ts';
import { sendFailure } from './api-error.ts';
import { attachmentRoutes } from './attachments.routes.ts';
import { lastErrorHandler, refuseMalformedPaths } from './error-answers.ts';
import { evidencePackRoutes } from './evidence-pack.routes.ts';
import { exportRoutes } from './exports.routes.ts';
import { followUpRoutes } from './follow-up.routes.ts';
import { healthRoutes, type Readiness } from './health.routes.ts';
import { redirectRootToLanguage } from './language-redirect.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { onionLocation } from './onion-location.ts';
import { publicPageCache } from './page-cache.ts';
import { pageRequestHandler } from './page-requests.ts';
import { plainFormRoutes } from './plain-forms.routes.ts';
import { observeProxies } from './proxy-observer.ts';
import { refuseForeignOrigins } from './same-origin.ts';
import { securityHeaders } from './security-headers.ts';
import { requireCompleteSignIn, type StaffAccessServices, staffAccess } from './staff-access.ts';
import { staticAssets } from './static-assets.ts';
import type { SubmissionServices } from './submission-pipeline.ts';
import { jsonBodyParser, submissionRoutes } from './submissions.routes.ts';

export type WebBuild = ServerBuild & { entry: { module: ServerBuild['entry']['module'] & WebServerEntry } };

/**
 * What the HTTP side is given by the composition root, and no more: each router takes its own part
 * (its parameter's type says which). Public pages read content, incidents and their follow-up
 * thread; the forms store submissions; the staff area's door resolves sessions and binds a
 * member's operations; health and the page cache read the pool and the site's revision. No job,
 * no command-line operation and no unbound operation factory reaches a page or a route.
 */
export type HttpServices = SubmissionServices &
  StaffAccessServices & {
    publicIncidents: AppContextValue['publicIncidents'];
    content: AppContextValue['content'];
    /** The sign-in steps and the member's own account, for the staff area's pages. */
    staffAuth: StaffAuthForWeb;
    siteRevision: SiteRevision;
    pool: pg.Pool;
    /** The follow-up page's reply notice, turned on or off (decision 0041). */
    replyNotices: Pick<ReplyNotices, 'set' | 'stop'>;
  };

export type AppDependencies = {
  config: Config;
  services: HttpServices;
  logger: Logger;
  /** The React Router server build, or (in development) a function that loads the current one. */
  build: WebBuild | (() => Promise<WebBuild>);
  /** Folder of the built browser files; absent in development, where Vite serves them. */
  clientDir?: string;
  /** Vite's dev middleware, in development only. */
  devMiddleware?: express.RequestHandler;
  /** Shared with main.ts, which marks the instance as draining when it begins to shut down. */
  readiness?: Readiness;
};

/**
 * How long a kept-alive connection may wait for its next request. Longer than the idle time of the
 * proxies and clients in front (nginx and Caddy keep theirs 60 s; Node's fetch 4 s): the server must
 * not close a connection a client is about to reuse, which the client sees as ECONNRESET, and a
 * reverse proxy as a 502. The headers' limit is longer still, as Node requires.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The site's HTTP server with the connection limits above. */
export function withConnectionLimits<T extends http.Server>(server: T): T {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}

export function createApp({ config, services, logger, build, clientDir, devMiddleware, readiness }: AppDependencies) {
  const app = express();
  app.disable('x-powered-by');
  // Client addresses come from X-Forwarded-For only behind the proxies named in TRUST_PROXY.
  app.set('trust proxy', config.trustProxy);
  // How requests arrive against TRUST_PROXY, for doctor (issue 28): counts, no address.
  app.use(observeProxies(createProxyObservations(services.pool, config.trustProxy, logger)));
  // Every request counted by route group, before anything can answer it (decision 0030).
  app.use(services.metrics.requests);
  app.use(securityHeaders(config.nodeEnv === 'production', config.nodeEnv === 'development'));
  // Tor Browser offers the onion service to a visitor who came by another name (issue 28).
  if (config.onionUrl) app.use(onionLocation(config.onionUrl));
  // Before anything reads a path or a body: a path that cannot be decoded is a 400, and a
  // state-changing request from another site a 403, whatever the path (decision 0015).
  app.use(refuseMalformedPaths(logger));
  app.use(refuseForeignOrigins([config.publicUrl, config.onionUrl], logger));
  const loadBuild = typeof build === 'function' ? build : () => Promise.resolve(build);

  /**
   * What loaders and actions see; a visitor's nonce, session and address differ per request. The
   * staff area's pages get the sign-in steps, and a complete session its member's operations; a
   * public page gets public services only.
   */
  const contextFor = async (
    visitor: Pick<AppContextValue, 'cspNonce' | 'staffSession' | 'clientIp' | 'plainForm' | 'staff'> & {
      isStaffArea: boolean;
    },
  ) => {
    const { entry } = await loadBuild();
    const { isStaffArea, staffSession, staff, ...rest } = visitor;
    const value: AppContextValue = {
      site: config.site,
      publicUrl: config.publicUrl,
      publicIncidents: services.publicIncidents,
      followUp: services.followUp,
      content: services.content,
      staffSession,
      ...(isStaffArea ? { staffAuth: services.staffAuth } : {}),
      ...(isStaffArea && staffSession.state === 'signed-in' && staff ? { staff } : {}),
      ...rest,
    };
    return new RouterContextProvider(new Map([[entry.module.appContext, value]]));
  };

  app.use(metricsRoutes(services.metrics, config.monitoring.metricsToken, logger));
  app.get('/', redirectRootToLanguage);
  // The forms without JavaScript: their token goes with the form pages (before the cache answers),
  // and a posted form is read and checked before its page's action renders the answer.
  app.use(plainFormRoutes(services, logger, readiness));
  // Public pages first, so that a page from the cache costs as little as possible; in development
  // every request renders.
  if (typeof build !== 'function') {
    const renderPage = createReactRouterHandler(build, 'production');
    const anonymousVisitor = {
      cspNonce: '',
      staffSession: { state: 'anonymous' },
      clientIp: undefined,
      isStaffArea: false,
    } as const;
    app.use(
      publicPageCache({
        render: async (url) =>
          renderPage(new Request(new URL(url, config.publicUrl)), await contextFor(anonymousVisitor)),
        revision: services.siteRevision,
        logger,
      }),
    );
  }

  app.use('/api', (_request, response, next) => {
    response.set('Cache-Control', 'no-store');
    next();
  });

  app.use(
    healthRoutes(services.pool, {
      storage: services.storage,
      readiness,
      metricsToken: config.monitoring.metricsToken,
    }),
  );
  // Shutting down: a submission that has not started yet is refused before anything is written,
  // and the client is told to try again (on another instance, or on this one once restarted).
  app.post('/api/*path', (_request, response, next) => {
    if (!readiness?.draining) return next();
    response.set('Connection', 'close');
    sendFailure(response, new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: 10 }));
  });
  app.use(['/internal', '/api/internal'], staffAccess(services));
  app.use('/api/internal', requireCompleteSignIn);
  app.use(attachmentRoutes());
  app.use(exportRoutes());
  app.use(evidencePackRoutes(logger));
  app.post(['/api/contact-messages', '/api/follow-up/open', '/api/follow-up/support-answer'], jsonBodyParser());
  app.use(submissionRoutes(services, logger, readiness));
  app.use(followUpRoutes(services, logger, readiness));
  app.get('/version.json', async (_request, response) => {
    const { entry } = await loadBuild();
    response.set('Cache-Control', 'no-cache').json({ buildId: entry.module.buildId });
  });
  app.use('/api', (_request, response) => {
    response.status(404).set('Cache-Control', 'no-store').json(errorBody('NOT_FOUND'));
  });

  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) {
    // Hashed file names never change (kept a year); text files go out as their precompressed copies.
    app.use(staticAssets(clientDir));
  }

  // Pages: their forms' bodies capped and typed before React Router reads them (page-requests.ts).
  const handleWithReactRouter = pageRequestHandler({
    build: loadBuild,
    mode: config.nodeEnv === 'development' ? 'development' : 'production',
    getLoadContext: (request, response) =>
      contextFor({
        cspNonce: String(response.locals.cspNonce),
        staffSession: response.locals.staffSession ?? { state: 'anonymous' },
        clientIp: request.ip,
        plainForm: response.locals.plainForm,
        // The member's operations, bound by `staffAccess` to a complete session's actor.
        staff: response.locals.staffOperations,
        // Set by `staffAccess`, which runs on /internal only.
        isStaffArea: response.locals.staffSession !== undefined,
      }),
  });
  app.use(handleWithReactRouter);

  // Last resort: never show a stack trace or an internal message to a visitor; a 4xx stays a 4xx.
  app.use(lastErrorHandler(logger));
  return app;
}
