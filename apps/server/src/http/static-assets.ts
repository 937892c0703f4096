import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { chooseEncoding } from './page-cache.ts';
import { contentSecurityPolicy } from './security-headers.ts';

/**
 * The policy a built file is sent with: the site's own, without the per-request nonce that only a
 * page's inline scripts need. The same on every file, so HTTP/2 sends it once per connection instead
 * of 400 bytes more with each of a page's dozen files (a nonce made each value new).
 */
const FILE_POLICY = contentSecurityPolicy("'self'");
const setFilePolicy = (response: Response) => response.set('Content-Security-Policy', FILE_POLICY);

/**
 * What the build wrote beside a file (scripts/precompress-assets.ts), as paths relative to the build
 * folder: `sendFile` takes them with `root`, so its refusal of dot-files looks only inside the build
 * folder, never at where the site is installed (`/srv/.releases/…`, `~/.local/…`).
 */
type Variants = { br?: string; gzip?: string };

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

/** Every file of the folder with a compressed copy beside it, by its URL path (`/assets/x.js`). */
function findVariants(root: string): Map<string, Variants> {
  const variants = new Map<string, Variants>();
  if (!fs.existsSync(root)) return variants;
  const names = new Set(
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
  const inside = (file: string) => path.relative(root, file).split(path.sep).join('/');
  for (const file of names) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const found: Variants = {};
    if (names.has(`${file}.br`)) found.br = inside(`${file}.br`);
    if (names.has(`${file}.gz`)) found.gzip = inside(`${file}.gz`);
    if (!found.br && !found.gzip) continue;
    variants.set(`/${inside(file)}`, found);
  }
  return variants;
}

/**
 * The built browser files. Each text file is sent as the Brotli or gzip copy made at build time
 * when the browser accepts it (with `Content-Encoding` and `Vary: Accept-Encoding`), never
 * compressed per request. Hashed files under /assets never change: browsers keep them for a year
 * (`immutable`); the few others (favicon) are revalidated after an hour. The precompressed copies
 * themselves are not addressable (`/assets/x.js.br` is a 404), so nobody is sent Brotli bytes
 * labelled as something else.
 */
export function staticAssets(clientDir: string) {
  const variants = findVariants(clientDir);
  const hashed = express.static(path.join(clientDir, 'assets'), {
    immutable: true,
    maxAge: '1y',
    index: false,
    setHeaders: setFilePolicy,
  });
  const others = express.static(clientDir, { maxAge: '1h', index: false, setHeaders: setFilePolicy });
  const router = express.Router();

  router.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (/\.(?:br|gz)$/.test(request.path)) return next('router');
    const found = variants.get(request.path);
    if (!found) return next();
    response.vary('Accept-Encoding');
    const encoding = chooseEncoding(request.get('Accept-Encoding'));
    const file = encoding === 'br' ? found.br : encoding === 'gzip' ? found.gzip : undefined;
    if (!file) return next();
    const isHashed = request.path.startsWith('/assets/');
    response.set({
      'Content-Type': CONTENT_TYPES[path.extname(request.path)] ?? 'application/octet-stream',
      'Content-Encoding': encoding,
    });
    setFilePolicy(response);
    response.sendFile(
      file,
      {
        root: clientDir,
        maxAge: isHashed ? '1y' : '1h',
        immutable: isHashed,
        lastModified: true,
        etag: true,
        dotfiles: 'deny',
      },
      (error) => {
        const code = (error as NodeJS.ErrnoException | undefined)?.code;
        // Nothing to answer when the visitor went away (as Express's own sendFile does).
        if (!error || code === 'ECONNABORTED' || (error as NodeJS.ErrnoException).syscall === 'write') return;
        if (response.headersSent) return next(error);
        response.removeHeader('Content-Encoding');
        response.removeHeader('Content-Type');
        // The copy went away under us (a new build being written): send the file as it is. Any other
        // failure (a dot-file refused, a folder unreadable) is answered as such, not hidden.
        if (code === 'ENOENT' || code === 'ENOTDIR') next();
        else next(error);
      },
    );
  });
  router.use('/assets', hashed);
  router.use(others);
  return router;
}
