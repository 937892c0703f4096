import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

/**
 * nginx, Caddy and tor from Debian, run by the tests of the documented configurations
 * (deploy/, docs/deployment.md) in a folder of their own, on free ports, as the test's user.
 */

export const REPO = path.resolve(import.meta.dirname, '../../../..');
export const SITE_NAME = 'report.example.org';
export const deployFile = (name: string) => fs.readFileSync(path.join(REPO, 'deploy', name), 'utf8');

/** The binary, or a failure that names the Debian package to install (as .ci/run does). */
export function requireBinary(binary: string, debianPackage: string): string {
  for (const folder of ['/usr/sbin', '/usr/bin', '/sbin', '/bin']) {
    if (fs.existsSync(path.join(folder, binary))) return path.join(folder, binary);
  }
  throw new Error(`${binary} is missing: apt-get install ${debianPackage} (.ci/run installs it)`);
}

export function scratchFolder(prefix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // nginx's workers (nobody when run as root) pass through to its temporary folders.
  fs.chmodSync(folder, 0o755);
  return folder;
}

/** A self-signed certificate, a day long, in `folder`: for the site's name, or another host name or IP address. */
export function selfSignedCertificate(folder: string, name = SITE_NAME) {
  const certificate = path.join(folder, 'fullchain.pem');
  const key = path.join(folder, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=${net.isIP(name) ? 'IP' : 'DNS'}:${name}`,
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  return { certificate, key };
}

export type Daemon = { child: ChildProcess; output: () => string; stop(): Promise<void> };

export function startDaemon(binary: string, args: string[], env: Record<string, string> = {}): Daemon {
  let output = '';
  const child = spawn(binary, args, { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A free port outside the range the system hands out by itself (32768 and up): a port from
 * listen(0) may be given to another test's connection before the daemon binds it.
 */
export async function daemonPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** The names the TLS certificate on a port is for, or undefined when it does not speak TLS. */
function certificateNames(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = tls.connect({ port, host: '127.0.0.1', servername: SITE_NAME, rejectUnauthorized: false }, () => {
      const names = socket.getPeerCertificate().subjectaltname;
      socket.end();
      resolve(names);
    });
    socket.once('error', () => resolve(undefined));
  });
}

/**
 * Waits until the daemon answers on its port: over TLS with the site's certificate when `secure`
 * (so that no other process on that port is taken for it), else a TCP connection.
 */
export async function waitForPort(port: number, daemon: Daemon, { secure = false, timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (daemon.child.exitCode !== null) throw new Error(`it stopped:\n${daemon.output()}`);
    const ready = secure
      ? (await certificateNames(port))?.includes(`DNS:${SITE_NAME}`)
      : await new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1');
          socket.once('connect', () => {
            socket.end();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        });
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`port ${port} did not open:\n${daemon.output()}`);
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request over HTTPS to the proxy on this machine, under the site's name (its own certificate). */
export function httpsRequest(
  port: number,
  requestPath: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = https.request(
      {
        host: '127.0.0.1',
        port,
        path: requestPath,
        method,
        servername: SITE_NAME,
        rejectUnauthorized: false,
        headers: { host: SITE_NAME, ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** An HTTP/1.1 request written by hand after a PROXY protocol line, as tor sends it to nginx. */
export function proxyProtocolRequest(port: number, circuitAddress: string, host: string, requestPath: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `PROXY TCP6 ${circuitAddress} ::1 40000 80\r\nGET ${requestPath} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}
