import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test/raw-request.ts';
import { staticAssets } from './static-assets.ts';

const script = `export const greeting = ${JSON.stringify('shalom '.repeat(400))};\n`;
let base = '';
let close: () => void = () => {};
let folder = '';

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'static-assets-'));
  fs.mkdirSync(path.join(folder, 'assets'));
  const file = path.join(folder, 'assets/entry-abc123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(folder, 'assets/font-abc123.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  fs.writeFileSync(path.join(folder, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = express();
  app.use(staticAssets(folder));
  app.use((_request, response) => void response.status(404).send('not here'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const get = (urlPath: string, acceptEncoding?: string) =>
  rawRequest(base, urlPath, acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding });

describe('the built browser files', () => {
  it('go out as the Brotli copy made at build time when the browser accepts it', async () => {
    const answer = await get('/assets/entry-abc123.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    expect(answer.body.length).toBeLessThan(script.length / 10);
  });

  it('carry the site’s policy without a nonce, the same on every file (so HTTP/2 sends it once)', async () => {
    const policies = new Set<string>();
    for (const [file, accept] of [
      ['/assets/entry-abc123.js', 'br'],
      ['/assets/entry-abc123.js', ''],
      ['/assets/font-abc123.woff2', 'br'],
    ] as const) {
      const policy = String((await get(file, accept)).headers['content-security-policy']);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('nonce-');
      policies.add(policy);
    }
    expect(policies.size).toBe(1);
  });

  it('as the gzip copy when Brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const answer = await get('/assets/entry-abc123.js', accept);
      expect(answer.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(script);
    }
  });

  it('as they are when nothing is accepted, still saying that the answer varies', async () => {
    const answer = await get('/assets/entry-abc123.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(answer.body.toString()).toBe(script);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never hand out the compressed copies under their own names', async () => {
    expect((await get('/assets/entry-abc123.js.br', 'br')).status).toBe(404);
    expect((await get('/assets/entry-abc123.js.gz', 'gzip')).status).toBe(404);
  });

  it('send fonts as they are (already compressed), kept a year; other files are revalidated after an hour', async () => {
    const font = await get('/assets/font-abc123.woff2', 'br, gzip');
    expect(font.status).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('HEAD gets the headers of the copy without a body', async () => {
    const answer = await rawRequest(base, '/assets/entry-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect(answer.body.length).toBe(0);
  });
});

describe('the built web app installed under a dot-folder (/srv/.releases/…, ~/.local/…)', () => {
  const built = path.resolve(import.meta.dirname, '../../../web/build/client');
  const secret = 'export const secret = "not for the web";\n'.repeat(40);
  let installed = '';
  let installBase = '';
  let installedBase = '';
  let closeInstalled: () => void = () => {};

  beforeAll(async () => {
    if (!fs.existsSync(path.join(built, 'assets'))) {
      throw new Error('The web app is not built: run "npm run build" (npm run test:unit does it for you).');
    }
    installBase = fs.mkdtempSync(path.join(os.tmpdir(), 'static-assets-install-'));
    installed = path.join(installBase, '.releases', '2026-11-26', 'client');
    fs.cpSync(built, installed, { recursive: true });
    // Dot-files inside the build folder, each with compressed copies beside it: still never sent.
    for (const name of ['.private/settings.js', 'assets/.hidden.js']) {
      const file = path.join(installed, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, secret);
      fs.writeFileSync(`${file}.br`, brotliCompressSync(secret));
      fs.writeFileSync(`${file}.gz`, gzipSync(secret));
    }
    const app = express();
    app.use(staticAssets(installed));
    app.use((_request, response) => void response.status(404).send('not here'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    closeInstalled = () => server.close();
    installedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    closeInstalled();
    if (installBase) fs.rmSync(installBase, { recursive: true, force: true });
  });

  /** Built files with both compressed copies, by URL path: a script, a stylesheet and the icon. */
  const compressedFiles = () => {
    const assets = fs.readdirSync(path.join(installed, 'assets'));
    const withCopies = (extension: string) =>
      assets.find(
        (name) =>
          name.endsWith(extension) &&
          !name.startsWith('.') &&
          assets.includes(`${name}.br`) &&
          assets.includes(`${name}.gz`),
      );
    const script = withCopies('.js');
    const stylesheet = withCopies('.css');
    expect(script, 'a built script with .br and .gz copies').toBeDefined();
    expect(stylesheet, 'a built stylesheet with .br and .gz copies').toBeDefined();
    return [
      {
        url: `/assets/${script}`,
        type: 'text/javascript; charset=utf-8',
        cache: 'public, max-age=31536000, immutable',
      },
      { url: `/assets/${stylesheet}`, type: 'text/css; charset=utf-8', cache: 'public, max-age=31536000, immutable' },
      { url: '/favicon.svg', type: 'image/svg+xml', cache: 'public, max-age=3600' },
    ];
  };

  it('still go out as their Brotli and gzip copies, with the headers of the file they stand for', async () => {
    for (const { url, type, cache } of compressedFiles()) {
      const original = fs.readFileSync(path.join(installed, url));
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
      ] as const) {
        const answer = await rawRequest(installedBase, url, { 'Accept-Encoding': accept });
        expect(answer.status, `${url} ${encoding}`).toBe(200);
        expect(answer.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(answer.headers['content-type'], url).toBe(type);
        expect(answer.headers.vary, url).toContain('Accept-Encoding');
        expect(answer.headers['cache-control'], url).toBe(cache);
        expect(answer.headers.etag, url).toBeDefined();
        expect(Number(answer.headers['content-length']), url).toBe(answer.body.length);
        expect(answer.body.length, url).toBeLessThan(original.length);
        expect(decode(answer.body).equals(original), `${url} decodes to the built file`).toBe(true);
      }
    }
  });

  it('refuse a dot-file inside the build folder, compressed or not', async () => {
    for (const url of ['/.private/settings.js', '/assets/.hidden.js']) {
      for (const accept of ['br', 'gzip', '']) {
        const answer = await rawRequest(installedBase, url, accept ? { 'Accept-Encoding': accept } : {});
        expect([403, 404], `${url} with "${accept}"`).toContain(answer.status);
        expect(answer.headers['content-encoding'], url).toBeUndefined();
        expect(answer.body.toString(), url).not.toContain('not for the web');
      }
    }
  });
});
