import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint } from './scripts-after-paint.server.ts';

// A form page as React Router 8's <Scripts> writes it (route discovery on: the manifest is inline).
const page = (nonce = '') => `<!DOCTYPE html><html><head>
<link rel="modulepreload" href="/assets/entry.client-A.js"${nonce}/><link rel="modulepreload" href="/assets/framework-B.js"${nonce}/>
<link rel="modulepreload" href="/assets/root-C.js"${nonce}/><link rel="modulepreload" href="/assets/contact-D.js"${nonce}/>
<link rel="preload" as="fetch" href="/assets/forms-E.json" crossorigin="anonymous" data-form-messages=""/>
</head><body><form data-await-react="">…</form>
<script${nonce}>window.__reactRouterContext = {"basename":"/"};</script><script${nonce} type="module" async="">;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/contact-D.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"},"price":"$&"};
  window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};

import("/assets/entry.client-A.js");</script></body></html>`;

/** Runs the page's module script with a fake browser, recording what it does and when. */
async function run(html: string) {
  const script = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const events: string[] = [];
  let observer: ((list: { getEntriesByName: (name: string) => unknown[] }, o: { disconnect(): void }) => void) | null =
    null;
  const timers: (() => void)[] = [];
  const window: Record<string, unknown> = {};
  const context = vm.createContext({
    window,
    setTimeout: (callback: () => void, ms = 0) => {
      if (ms === 0) timers.push(callback);
      else events.push(`fallback timer ${ms} ms`);
      return 1;
    },
    clearTimeout: () => events.push('fallback cleared'),
    PerformanceObserver: class {
      constructor(callback: typeof observer) {
        observer = callback;
      }
      observe(options: object) {
        events.push(`observe ${JSON.stringify(options)}`);
      }
    },
    document: {
      createElement: () => ({}),
      head: { append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
    },
    __import: async (path: string) => {
      events.push(`import ${path}`);
      return { path };
    },
  });
  const done = new vm.Script(script.replaceAll('import(', '__import(')).runInContext(context) as Promise<void>;
  await new Promise((settle) => setImmediate(settle));
  const beforePaint = [...events];
  const paint = (name: string) =>
    observer?.({ getEntriesByName: (asked) => (asked === name ? [{}] : []) }, { disconnect: () => {} });
  paint('first-paint');
  for (const callback of timers.splice(0)) callback();
  await new Promise((settle) => setImmediate(settle));
  const afterFirstPaint = events.length;
  paint('first-contentful-paint');
  for (const callback of timers.splice(0)) callback();
  await done;
  return { beforePaint, afterFirstPaint, events, window };
}

describe('a form page’s scripts after its first paint', () => {
  it('takes the module preloads out of the page and keeps every other link', () => {
    const html = scriptsAfterFirstPaint(page());
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('data-form-messages=""');
    expect(html).toContain('<form data-await-react="">');
    expect(html).not.toMatch(/^import \* as/m);
  });

  it('fetches nothing before the first contentful paint, then preloads every file and imports the routes', async () => {
    const { beforePaint, afterFirstPaint, events, window } = await run(scriptsAfterFirstPaint(page()));
    expect(beforePaint).toEqual(['fallback timer 1500 ms', 'observe {"type":"paint","buffered":true}']);
    // The first paint of a background colour is not the one waited for.
    expect(afterFirstPaint).toBe(2);
    expect(events.slice(2)).toEqual([
      'fallback cleared',
      'modulepreload /assets/entry.client-A.js',
      'modulepreload /assets/framework-B.js',
      'modulepreload /assets/root-C.js',
      'modulepreload /assets/contact-D.js',
      'import /assets/root-C.js',
      'import /assets/contact-D.js',
      'import /assets/entry.client-A.js',
    ]);
    // React Router finds the same route modules and manifest, written as they were ("$&" too).
    expect(window.__reactRouterRouteModules).toEqual({
      root: { path: '/assets/root-C.js' },
      'routes/contact': { path: '/assets/contact-D.js' },
    });
    expect(window.__reactRouterManifest).toEqual({ entry: { module: '/assets/entry.client-A.js' }, price: '$&' });
  });

  it('keeps the nonce of a page rendered for one request, and takes its preloads out too', async () => {
    const html = scriptsAfterFirstPaint(page(' nonce="abc123"'));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect((await run(html)).events).toContain('modulepreload /assets/framework-B.js');
    expect(html).toContain('<script nonce="abc123" type="module" async="">(async function(){');
    expect(html).toContain('<script nonce="abc123">window.__reactRouterContext');
  });

  it('leaves a page it does not recognise as React Router made it', () => {
    const withStaticImport = page().replace(
      ';\nimport * as route0',
      'import "/assets/manifest-F.js";\nimport * as route0',
    );
    expect(scriptsAfterFirstPaint(withStaticImport)).toBe(withStaticImport);
    const withoutScript = '<html><body><p>No scripts</p></body></html>';
    expect(scriptsAfterFirstPaint(withoutScript)).toBe(withoutScript);
  });
});
