/**
 * A TLS and HTTP/2 front for a site that runs on plain HTTP/1.1, as the deployment's reverse proxy
 * is (docs/deployment.md): for measuring pages as a phone meets them (`bench:lighthouse --https`),
 * over HTTPS, where browsers ask for Brotli and use one multiplexed connection. A certificate made
 * for 127.0.0.1 at start; the browser is told to accept it. Benchmarks only.
 */
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from '../src/test/proxy-servers.ts';
import { freePort } from './bench-helpers.ts';

/** Headers HTTP/2 forbids or that belong to one hop only. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

export async function startHttpsProxy(target: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-https-proxy-'));
  const { certificate, key } = selfSignedCertificate(folder, '127.0.0.1');
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({
    key: fs.readFileSync(key),
    cert: fs.readFileSync(certificate),
    allowHTTP1: true,
  });
  server.on('request', (request: http2.Http2ServerRequest, response: http2.Http2ServerResponse) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!name.startsWith(':') && !HOP_HEADERS.has(name)) headers[name] = value;
    }
    headers.host = request.headers[':authority'] ?? request.headers.host;
    headers['x-forwarded-proto'] = 'https';
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers, agent },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_HEADERS.has(name) && value !== undefined) out[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `https://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
