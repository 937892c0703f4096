import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import { pageFromQuery } from '@app/core/site/query-params';
import { LANGUAGES } from '@app/locales/languages';
import { isFigurePath, localizedPath, PUBLIC_PAGES, type PublicPage } from '@app/web/paths';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.ts';
import type { SiteRevision } from '../services/site/site-revision.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

/**
 * The follow-up page shows one reporter's thread to the visitor whose receipt session it is: such
 * a visitor's page is rendered for them alone. Everyone else gets the form that asks for a receipt,
 * kept like any other page (and so sent compressed).
 */
const PER_VISITOR_COOKIES: Partial<Record<PublicPage, readonly string[]>> = {
  followUp: ['__Host-follow-up', 'follow-up'],
};

function hasCookie(header: string | undefined, names: readonly string[]) {
  return (header ?? '').split(';').some((part) => names.includes(part.trim().split('=')[0] ?? ''));
}

/**
 * The query of each page as the page reads it (security review finding 6): a cache key is made of
 * parsed values only, so that no value an attacker invents makes a page of its own to render,
 * compress and keep. An unknown type is no type, a page number is a whole number above 1 (a page
 * past the last is a 404, which is never kept), and every other parameter is dropped: the page
 * would ignore it too.
 */
const CANONICAL_QUERY: Partial<Record<PublicPage, (query: URLSearchParams) => [string, string][]>> = {
  incidents: (query) => {
    const type = query.get('type') ?? '';
    const page = pageFromQuery(query.get('page'));
    return [
      ...((INCIDENT_TYPES as readonly string[]).includes(type) ? [['type', type] as [string, string]] : []),
      ...(page > 1 ? [['page', String(page)] as [string, string]] : []),
    ];
  },
  followUp: (query) =>
    (['closed', 'sent'] as const).flatMap((name) => (query.get(name) === '1' ? [[name, '1'] as [string, string]] : [])),
};

/** Enough for every page, language and many filter pages; the least recently used go first. */
export const PAGE_CACHE_MAX_ENTRIES = 500;

/** Brotli's quality for a page without a query (kept long) and for a filtered one (many, short-lived). */
const BROTLI_QUALITY = { plain: 11, withQuery: 5 } as const;

type Encoding = 'br' | 'gzip' | 'identity';

type CachedPage = {
  revision: string;
  contentType: string;
  cacheControl: string;
  csp: string;
  etag: string;
  bodies: Record<Encoding, Buffer>;
};

/** Renders a page as an anonymous visitor with no cookie, no address and no nonce would see it. */
export type RenderAnonymously = (url: string) => Promise<globalThis.Response>;

const pageByPath = new Map<string, PublicPage>(
  LANGUAGES.flatMap(({ code }) =>
    (Object.keys(PUBLIC_PAGES) as PublicPage[]).map((page) => [localizedPath(page, code), page] as const),
  ),
);

/**
 * The cache key of a request for a public page (its path and its query as the page reads it,
 * CANONICAL_QUERY), or undefined when the answer must be rendered for this request alone. The page
 * is rendered from the key, so every request with the same key gets the same page.
 */
export function pageCacheKey(method: string, url: URL, cookieHeader?: string): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const page = pageByPath.get(url.pathname);
  const perVisitor = page && PER_VISITOR_COOKIES[page];
  if (perVisitor && hasCookie(cookieHeader, perVisitor)) return undefined;
  // The yearly summaries and the open data files take no query parameter.
  if (!page && !isFigurePath(url.pathname)) return undefined;
  const canonical = page ? (CANONICAL_QUERY[page]?.(url.searchParams) ?? []) : [];
  const query = new URLSearchParams(canonical.sort(([a], [b]) => a.localeCompare(b))).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** The SHA-256 sources of every inline script of a page, for its Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** Brotli, then gzip, then none, as the browser accepts (a q of 0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Public pages are rendered once per path, language and site revision, then served from memory
 * with their gzip and Brotli variants. A cached page was rendered for nobody in particular (no
 * cookie, no address), so it cannot carry anyone's data; its inline scripts are allowed by their
 * hashes instead of a per-request nonce. While the database is unreachable, the last rendering of
 * a page is served rather than an error. See docs/decisions/0014-public-page-cache.md.
 */
export function publicPageCache({
  render,
  revision,
  logger,
  maxEntries = PAGE_CACHE_MAX_ENTRIES,
}: {
  render: RenderAnonymously;
  revision: SiteRevision;
  logger: Logger;
  maxEntries?: number;
}) {
  const pages = new Map<string, CachedPage>();
  const renderings = new Map<string, Promise<CachedPage | undefined>>();

  const keep = (key: string, page: CachedPage) => {
    pages.delete(key);
    pages.set(key, page);
    while (pages.size > maxEntries) pages.delete(pages.keys().next().value as string);
  };

  const renderOnce = (key: string, current: string) => {
    const id = `${current} ${key}`;
    let pending = renderings.get(id);
    if (!pending) {
      pending = renderForCache(render, key, current).finally(() => renderings.delete(id));
      renderings.set(id, pending);
    }
    return pending;
  };

  // Said once when the database goes away and once when it is back, not on every request.
  let isServingStale = false;

  return async (request: Request, response: Response, next: NextFunction) => {
    // Appended, not resolved: `//host/path` stays a path here, as it is for the router.
    const url = URL.parse(`http://site.invalid${request.originalUrl}`);
    const key = url && pageCacheKey(request.method, url, request.headers.cookie);
    if (!key) return next();
    const cached = pages.get(key);
    let current: string;
    try {
      current = await revision.current();
    } catch (error) {
      if (!cached) return next();
      if (!isServingStale) {
        logger.warn(
          { err: { message: (error as Error).message } },
          'database unreachable: serving pages as last rendered',
        );
      }
      isServingStale = true;
      return send(request, response, cached, 'stale');
    }
    if (isServingStale) logger.info('database reachable again: pages are current');
    isServingStale = false;
    if (cached?.revision === current) {
      keep(key, cached);
      return send(request, response, cached, 'hit');
    }
    try {
      const page = await renderOnce(key, current);
      if (!page) return next();
      keep(key, page);
      send(request, response, page, 'miss');
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message } }, 'a public page could not be rendered for the cache');
      next();
    }
  };
}

async function renderForCache(
  render: RenderAnonymously,
  key: string,
  revision: string,
): Promise<CachedPage | undefined> {
  const rendered = await render(key);
  // Only a complete, ordinary page is kept: never an error, a redirect or an answer with a cookie.
  if (rendered.status !== 200 || rendered.headers.has('set-cookie')) {
    await rendered.body?.cancel();
    return undefined;
  }
  const html = Buffer.from(await rendered.arrayBuffer());
  const [br, gzipped] = await Promise.all([
    compressWithBrotli(html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: key.includes('?') ? BROTLI_QUALITY.withQuery : BROTLI_QUALITY.plain,
        [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    compressWithGzip(html, { level: 9 }),
  ]);
  const scripts = ["'self'", ...inlineScriptHashes(html.toString('utf8'))].join(' ');
  return {
    revision,
    contentType: rendered.headers.get('content-type') ?? 'text/html; charset=utf-8',
    // A visitor's browser asks again each time, and gets 304 while the page has not changed.
    cacheControl: rendered.headers.get('cache-control') ?? 'no-cache',
    csp: contentSecurityPolicy(scripts),
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    bodies: { identity: html, gzip: gzipped, br },
  };
}

function send(request: Request, response: Response, page: CachedPage, state: 'hit' | 'miss' | 'stale') {
  const encoding = chooseEncoding(request.get('accept-encoding'));
  response.vary('Accept-Encoding');
  response.set({
    'Content-Type': page.contentType,
    'Cache-Control': page.cacheControl,
    'Content-Security-Policy': page.csp,
    ETag: page.etag,
    'X-Page-Cache': state,
  });
  if (request.fresh) {
    response.status(304).end();
    return;
  }
  const body = page.bodies[encoding];
  if (encoding !== 'identity') response.set('Content-Encoding', encoding);
  response.set('Content-Length', String(body.length));
  response.status(200);
  if (request.method === 'HEAD') response.end();
  else response.end(body);
}
