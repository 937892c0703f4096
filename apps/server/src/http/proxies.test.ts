import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Daemon,
  daemonPort,
  deployFile,
  httpsRequest,
  proxyProtocolRequest,
  REPO,
  requireBinary,
  SITE_NAME,
  scratchFolder,
  selfSignedCertificate,
  startDaemon,
  waitForPort,
} from '../test/proxy-servers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * The proxy configurations of docs/deployment.md (the files in deploy/, which the guide shows
 * word for word), run with Debian's nginx and Caddy in front of the real site (issue 28, item 4).
 */
const ONION = 'vww6ybal4bd7szmgncyruucpgfkqahzddi37ktceo3ah7ngmcopnpyyd.onion';
const ORIGIN = `https://${SITE_NAME}`;
const fromOurPage = {
  origin: ORIGIN,
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/x-www-form-urlencoded',
};

async function startSite(): Promise<TestServer> {
  return startTestServer({ PUBLIC_URL: ORIGIN, TRUST_PROXY: 'loopback', ONION_URL: `http://${ONION}` });
}
const sitePort = (site: TestServer) => new URL(site.baseUrl).port;

/** The kinds of requests the site counted (proxy_observation), once the first is written. */
async function observedKinds(site: TestServer): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await site.database.pool.query<{ kind: string }>(
      'select kind from proxy_observation order by kind',
    );
    if (rows.length > 0) return rows.map((row) => row.kind);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

/** What both proxies must do for the site, whatever their configuration language. */
function behavesAsTheGuideSays(proxy: () => { port: number; site: TestServer }) {
  it("serves the pages with the site's own headers, and passes the visitor's address (TRUST_PROXY=loopback)", async () => {
    const { port, site } = proxy();
    const page = await httpsRequest(port, '/nl/contact');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['strict-transport-security']).toBeUndefined(); // NODE_ENV=test; production sends it
    expect(page.headers['onion-location']).toBe(`http://${ONION}/nl/contact`);
    expect(String(page.headers.server ?? '')).not.toMatch(/\d|caddy/i);
    expect(await observedKinds(site)).toEqual(['forwarded']);
  });

  it("lets the site's own forms through its origin check, and answers its redirects with paths", async () => {
    const { port } = proxy();
    const closed = await httpsRequest(port, '/api/follow-up/close', { method: 'POST', headers: fromOurPage, body: '' });
    expect(closed.status).toBe(303);
    expect(closed.headers.location).toBe('/follow-up?closed=1');
    const foreign = await httpsRequest(port, '/api/follow-up/close', {
      method: 'POST',
      headers: { ...fromOurPage, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: '',
    });
    expect(foreign.status).toBe(403);
  });

  it('passes a body past its own default limit to the site, which answers it itself', async () => {
    const { port } = proxy();
    const large = await httpsRequest(port, '/api/contact-messages', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: Buffer.alloc(2 * 1024 * 1024, 0x20),
    });
    expect(large.status).toBe(413);
    expect(large.headers['content-type']).toMatch(/^application\/json/);
  });
}

describe("nginx with the guide's configuration (deploy/nginx)", () => {
  let site: TestServer;
  let nginx: Daemon;
  let ports: { http: number; https: number; onion: number };
  let folder: string;

  beforeAll(async () => {
    const binary = requireBinary('nginx', 'nginx-light');
    site = await startSite();
    folder = scratchFolder('cs-nginx-');
    const { certificate, key } = selfSignedCertificate(folder);
    ports = { http: await daemonPort(), https: await daemonPort(), onion: await daemonPort() };
    const upstream = `127.0.0.1:${sitePort(site)}`;
    const http = deployFile('nginx/http.conf')
      .replaceAll('listen 80;', `listen ${ports.http};`)
      .replaceAll('[::]:80;', `[::1]:${ports.http};`)
      .replace('/var/www/letsencrypt', folder);
    const secure = deployFile('nginx/https.conf')
      .replace('listen 443 ssl http2;', `listen ${ports.https} ssl http2;`)
      .replace('[::]:443 ssl http2;', `[::1]:${ports.https} ssl http2;`)
      .replace(`/etc/letsencrypt/live/${SITE_NAME}/fullchain.pem`, certificate)
      .replace(`/etc/letsencrypt/live/${SITE_NAME}/privkey.pem`, key)
      .replace('127.0.0.1:3000', upstream);
    const onion = deployFile('nginx/onion.conf')
      .replace('127.0.0.1:3080', `127.0.0.1:${ports.onion}`)
      .replace('127.0.0.1:3000', upstream);
    const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `${kind}_temp_path ${folder}/${kind};`)
      .join('\n');
    const config = path.join(folder, 'nginx.conf');
    fs.writeFileSync(
      config,
      `pid ${folder}/nginx.pid;\nerror_log ${folder}/error.log warn;\nworker_processes 1;\nevents { worker_connections 64; }\nhttp {\n${temporary}\n${http}\n${secure}\n${onion}\n}\n`,
    );
    execFileSync(binary, ['-t', '-p', folder, '-c', config], { stdio: 'pipe' });
    nginx = startDaemon(binary, ['-p', folder, '-c', config, '-g', 'daemon off;']);
    await waitForPort(ports.https, nginx, { secure: true });
    await waitForPort(ports.http, nginx);
    await waitForPort(ports.onion, nginx);
  });
  afterAll(async () => {
    await nginx?.stop();
    await site?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  behavesAsTheGuideSays(() => ({ port: ports.https, site }));

  it('sends plain HTTP to HTTPS', async () => {
    const answer = await fetch(`http://127.0.0.1:${ports.http}/nl?x=1`, {
      redirect: 'manual',
      headers: { host: SITE_NAME },
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toMatch(/^https:\/\/[^/]+\/nl\?x=1$/);
  });

  it('passes an onion visitor from tor (PROXY protocol) to the site with the circuit as the address', async () => {
    const answer = await proxyProtocolRequest(ports.onion, 'fc00:dead:beef:4dad::0:1234', ONION, '/nl');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).not.toContain('onion-location');
    expect(await observedKinds(site)).toEqual(['forwarded']);
  });
});

describe("Caddy with the guide's Caddyfile (deploy/caddy)", () => {
  let site: TestServer;
  let caddy: Daemon;
  let port: number;
  let folder: string;

  beforeAll(async () => {
    const binary = requireBinary('caddy', 'caddy');
    site = await startSite();
    folder = scratchFolder('cs-caddy-');
    port = await daemonPort();
    // The guide's file as it is, behind test-only global options: certificates from Caddy's own
    // authority instead of Let's Encrypt (the network is closed), free ports, a folder of its own.
    const global = `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${await daemonPort()}\n\thttps_port ${port}\n\tstorage file_system ${folder}/data\n}\n`;
    const config = path.join(folder, 'Caddyfile');
    fs.writeFileSync(
      config,
      global + deployFile('caddy/Caddyfile').replace('127.0.0.1:3000', `127.0.0.1:${sitePort(site)}`),
    );
    const env = { HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder };
    execFileSync(
      binary,
      ['validate', '--config', path.join(REPO, 'deploy/caddy/Caddyfile'), '--adapter', 'caddyfile'],
      {
        stdio: 'pipe',
        env: { PATH: process.env.PATH, ...env },
      },
    );
    caddy = startDaemon(binary, ['run', '--config', config, '--adapter', 'caddyfile'], env);
    await waitForPort(port, caddy, { secure: true });
  });
  afterAll(async () => {
    await caddy?.stop();
    await site?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  behavesAsTheGuideSays(() => ({ port, site }));
});

describe('the guide shows the files the tests run', () => {
  it('has every file of deploy/ in docs/deployment.md, word for word, and a torrc tor accepts', () => {
    const guide = fs.readFileSync(path.join(REPO, 'docs/deployment.md'), 'utf8');
    for (const name of ['nginx/http.conf', 'nginx/https.conf', 'nginx/onion.conf', 'caddy/Caddyfile', 'tor/torrc']) {
      expect(guide, `deploy/${name} in docs/deployment.md`).toContain(deployFile(name).trim());
    }
    const binary = requireBinary('tor', 'tor');
    const folder = scratchFolder('cs-tor-');
    try {
      const torrc = path.join(folder, 'torrc');
      fs.writeFileSync(
        torrc,
        `${deployFile('tor/torrc').replace('/var/lib/tor/community-safety/', `${folder}/onion/`)}\nDataDirectory ${folder}/data\n`,
      );
      expect(execFileSync(binary, ['--verify-config', '-f', torrc], { encoding: 'utf8' })).toContain(
        'Configuration was valid',
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
