import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLocalDiskStorage } from '../storage/local-disk-storage.ts';
import { freePort } from '../test/free-port.ts';
import { startSmtp } from '../test/smtp-helpers.ts';
import { clockFindings } from './clock.ts';
import { diskFindings } from './disk.ts';
import { smtpFindings } from './smtp.ts';
import { storageFindings } from './storage.ts';

const GIB = 1024 ** 3;
const folders: string[] = [];
const temporaryFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-doctor-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://report.example.org', DATA_DIR: temporaryFolder(), ...env });

describe('doctor: SMTP', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('signs in to a working server, sends nothing, and finds the lists set', async () => {
    const port = await freePort();
    const smtp = await startSmtp(port);
    closers.push(smtp.close);
    const findings = await smtpFindings(
      config({ SMTP_URL: `smtp://127.0.0.1:${port}`, NOTIFY_EMAILS: 'duty@example.org' }),
    );
    expect(findings).toEqual([
      {
        check: 'smtp',
        severity: 'ok',
        message: `The SMTP server 127.0.0.1:${port} answers and accepts the site's sign-in.`,
      },
    ]);
    expect(smtp.received).toEqual([]);
  });

  it('calls a server that refuses the sign-in a blocker, with its answer and never the password', async () => {
    const port = await freePort();
    const refusing = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    });
    await new Promise<void>((resolve) => refusing.listen(port, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => refusing.close(() => resolve())));
    const [finding] = await smtpFindings(
      config({ SMTP_URL: `smtp://site:s3cret-pass@127.0.0.1:${port}`, NOTIFY_EMAILS: 'duty@example.org' }),
    );
    expect(finding).toMatchObject({ check: 'smtp', severity: 'blocker', fix: expect.stringContaining('SMTP_URL') });
    expect(finding?.message).toContain(`127.0.0.1:${port}`);
    expect(finding?.message).toContain('EAUTH');
    expect(JSON.stringify(finding)).not.toContain('s3cret-pass');
  });

  it('calls a server that does not answer a blocker, within its time limit', async () => {
    const port = await freePort();
    const started = Date.now();
    const [finding] = await smtpFindings(
      config({ SMTP_URL: `smtp://127.0.0.1:${port}`, NOTIFY_EMAILS: 'duty@example.org' }),
      2_000,
    );
    expect(finding).toMatchObject({
      check: 'smtp',
      severity: 'blocker',
      message: expect.stringContaining('ECONNREFUSED'),
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('warns in production of SMTP_URL and the lists not set', async () => {
    const findings = await smtpFindings(config());
    expect(findings.map((finding) => [finding.severity, finding.message.split(' ')[0]])).toEqual([
      ['warning', 'SMTP_URL'],
      ['warning', 'NOTIFY_EMAILS'],
      ['warning', 'Neither'],
    ]);
  });
});

describe('doctor: disk', () => {
  const reading =
    (availableGib: number, totalGib = 100) =>
    async () => ({
      availableBytes: availableGib * GIB,
      totalBytes: totalGib * GIB,
    });

  it('reads the real free space of the data folder (or its nearest parent before the first start)', async () => {
    const site = config({ DATA_DIR: path.join(temporaryFolder(), 'not', 'made', 'yet') });
    const [finding] = await diskFindings(site);
    expect(finding?.check).toBe('disk');
    expect(finding?.message).toMatch(/GiB free of .* GiB on the disk of /);
  });

  it('calls a full disk a blocker, a filling one a warning, and plenty ok', async () => {
    const site = config();
    expect((await diskFindings(site, reading(0.2)))[0]).toMatchObject({
      severity: 'blocker',
      message: expect.stringContaining('0.2 GiB free of 100.0 GiB'),
      fix: expect.stringContaining('Free space'),
    });
    expect((await diskFindings(site, reading(3)))[0]?.severity).toBe('warning');
    expect((await diskFindings(site, reading(8, 100)))[0]?.severity).toBe('warning');
    expect((await diskFindings(site, reading(40)))[0]?.severity).toBe('ok');
  });

  it('says when the free space cannot be read', async () => {
    const failing = async () => {
      throw new Error('statfs failed');
    };
    expect((await diskFindings(config(), failing))[0]).toMatchObject({ severity: 'warning' });
  });
});

/** A time server on this machine whose clock is `skewMs` away from ours (SNTP, RFC 4330). */
async function fakeTimeServer(skewMs: number) {
  const socket = dgram.createSocket('udp4');
  const ntp = (millis: number, into: Buffer, offset: number) => {
    const seconds = millis / 1000 + 2_208_988_800;
    into.writeUInt32BE(Math.floor(seconds), offset);
    into.writeUInt32BE(Math.floor((seconds % 1) * 2 ** 32), offset + 4);
  };
  socket.on('message', (_request, peer) => {
    const answer = Buffer.alloc(48);
    answer[0] = 0x1c; // version 3, mode 4 (server)
    const now = Date.now() + skewMs;
    ntp(now, answer, 32);
    ntp(now, answer, 40);
    socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}

describe('doctor: clock', () => {
  it.each([
    [0, 'ok'],
    [-12_000, 'warning'],
    [45_000, 'blocker'],
  ])('against a time server %i ms away: %s', async (skewMs, severity) => {
    const server = await fakeTimeServer(skewMs);
    try {
      const [finding] = await clockFindings({ ntpServer: '127.0.0.1', ntpPort: server.port });
      expect(finding).toMatchObject({ check: 'clock', severity });
      if (skewMs !== 0) expect(finding?.message).toContain(skewMs > 0 ? 'behind' : 'ahead of');
    } finally {
      await server.close();
    }
  });

  it('says it could not check when the time server does not answer', async () => {
    const silent = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    try {
      const [finding] = await clockFindings({ ntpServer: '127.0.0.1', ntpPort: silent.address().port });
      expect(finding).toMatchObject({
        check: 'clock',
        severity: 'warning',
        message: expect.stringContaining('no answer'),
      });
    } finally {
      silent.close();
    }
  });
});

describe('doctor: storage', () => {
  it('writes, reads back and deletes a probe in the files folder, leaving no file', async () => {
    const root = temporaryFolder();
    const [finding] = await storageFindings(createLocalDiskStorage(root), root);
    expect(finding?.severity).toBe('ok');
    expect(fs.readdirSync(path.join(root, 'attachments', 'doctor'))).toEqual([]);
  });

  it('calls a files folder it cannot write a blocker, with the reason', async () => {
    const root = temporaryFolder();
    // A file where the folder should be: no write succeeds, whoever runs the test.
    fs.writeFileSync(path.join(root, 'attachments'), 'not a folder');
    const [finding] = await storageFindings(createLocalDiskStorage(root), root);
    expect(finding).toMatchObject({ check: 'storage', severity: 'blocker', message: expect.stringContaining('write') });
    expect(finding?.message).toMatch(/ENOTDIR|EEXIST/);
  });
});
