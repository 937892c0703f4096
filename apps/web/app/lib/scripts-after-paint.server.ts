/**
 * A public page’s scripts after its first paint (decision 0020, stop 40).
 *
 * React Router's `<Scripts>` puts a module preload in the head for every script the page hydrates
 * with, and a module script that imports the route modules at once: 8 to 13 files, 105 to 135 KB
 * gzip (a form page the most), which a phone on a slow connection fetched beside the HTML and the
 * font, before it could paint. Here the page's first paint comes first: the preloads leave the
 * head, and the module script waits for the first contentful paint (or 1.5 s, for a tab that is
 * not shown and never paints), then adds the same preloads, so that every file is fetched at once
 * and not one import after the other, and imports the route modules as React Router's script did.
 * The page hydrates as before, a frame later; until then it is the server's page, whose forms wait
 * for React (root.tsx) or, should React never come, are sent as plain forms (decision 0021).
 */

const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;
// A page rendered for one request has the nonce on its preloads too.
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"]+");/g;

/** The page with its scripts after the first paint; unchanged if it is not shaped as expected. */
export function scriptsAfterFirstPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, nonce, body = ''] = script;
  const imports = [...body.matchAll(STATIC_IMPORT)].map(([, name, from]) => ({ name, from }));
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  // Any other static import (React Router's manifest without route discovery, its development
  // runtime) could not be moved after the paint: the page is left as React Router made it.
  if (imports.length === 0 || /^\s*import\s*["{*\w]/m.test(body.replace(STATIC_IMPORT, ''))) return html;
  const rest = body.replace(STATIC_IMPORT, '');
  // An async function rather than a top-level await, which browsers before 2021 do not know.
  const waited = [
    '(async function(){await new Promise(function(r){var t=setTimeout(r,1500);',
    "try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();clearTimeout(t);setTimeout(r)}}).observe({type:'paint',buffered:true})}catch(e){}});",
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.append(l)});`,
    `const [${imports.map((entry) => entry.name).join(',')}]=await Promise.all([${imports.map((entry) => `import(${entry.from})`).join(',')}]);`,
  ].join('');
  return html
    .replace(whole, () => `<script${nonce} type="module" async="">${waited}${rest}})();</script>`)
    .replace(MODULE_PRELOAD, '');
}
