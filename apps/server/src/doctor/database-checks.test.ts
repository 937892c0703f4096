import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { runDoctorCommand } from '../cli/doctor.ts';
import { loadConfig } from '../config.ts';
import { runMigrations } from '../db/migrate.ts';
import { observeProxies } from '../http/proxy-observer.ts';
import { createLogger } from '../logger.ts';
import { createProxyObservations } from '../monitoring/proxy-observations.ts';
import { freePort } from '../test/free-port.ts';
import { migrationsBefore } from '../test/migrations-before.ts';
import { startSmtp } from '../test/smtp-helpers.ts';
import { postReport, reportPayload, solveAltcha } from '../test/submission-helpers.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { useTestServer } from '../test/use-test-server.ts';
import { backupFindings } from './backups.ts';
import { databaseFindings, shippedMigrationCount } from './database.ts';
import { confirmKeyBackup, keyBackupFindings } from './key-backup.ts';
import { proxyFindings } from './proxy.ts';

const server = useTestServer();

/** Waits for a condition rather than a time. */
async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('doctor: the database and its migrations', () => {
  it('says the version, and calls pending migrations a warning and a newer database a blocker', async () => {
    const database = await createTestDatabase();
    const before = migrationsBefore('0022_operator_checks');
    try {
      await runMigrations(database.pool, before.folder);
      const shipped = shippedMigrationCount();
      const pending = await databaseFindings(database.pool);
      expect(pending[0]).toMatchObject({
        check: 'database',
        severity: 'ok',
        message: expect.stringMatching(/^PostgreSQL \d+/),
      });
      expect(pending[1]).toMatchObject({
        check: 'migrations',
        severity: 'warning',
        message: `${shipped - before.count} of this version's ${shipped} migrations are not applied yet: the site applies them when it starts.`,
      });
      await runMigrations(database.pool);
      expect((await databaseFindings(database.pool))[1]?.severity).toBe('ok');
      await database.pool.query(
        "insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', 0)",
      );
      expect((await databaseFindings(database.pool))[1]).toMatchObject({
        severity: 'blocker',
        message: expect.stringContaining('newer version'),
      });
    } finally {
      before.remove();
      await database.drop();
    }
  });

  it('calls a database that cannot be reached a blocker', async () => {
    const unreachable = { query: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')) };
    expect((await databaseFindings(unreachable))[0]).toMatchObject({ check: 'database', severity: 'blocker' });
  });
});

describe('doctor: the key backed up since it last changed', () => {
  it('asks until the operator confirms, and again once a rotation changed the keyring', async () => {
    const keyringFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cs-keyring-')), 'keyring.json');
    const config = loadConfig({
      DATA_DIR: server.dataDir,
      ENCRYPTION_KEY: server.config.encryptionKey?.toString('base64') ?? '',
      KEYRING_FILE: keyringFile,
    });
    try {
      expect((await keyBackupFindings(config, server.database.pool))[0]).toMatchObject({
        severity: 'blocker',
        fix: expect.stringContaining('doctor --key-backed-up'),
      });
      expect(await confirmKeyBackup(config, server.database.pool)).toEqual(['ENCRYPTION_KEY (in the site settings)']);
      expect((await keyBackupFindings(config, server.database.pool))[0]?.severity).toBe('ok');
      // A rotation writes the keyring file: the copy kept safe no longer holds every key.
      fs.writeFileSync(keyringFile, '{"version":2,"keys":"rotated"}');
      const [after] = await keyBackupFindings(config, server.database.pool);
      expect(after).toMatchObject({ severity: 'blocker', fix: expect.stringContaining(keyringFile) });
      expect(await confirmKeyBackup(config, server.database.pool)).toContain(keyringFile);
      expect((await keyBackupFindings(config, server.database.pool))[0]?.severity).toBe('ok');
    } finally {
      fs.rmSync(path.dirname(keyringFile), { recursive: true, force: true });
    }
  });

  it('makes no key: before the first start it says there is none yet', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-nokey-'));
    try {
      const findings = await keyBackupFindings(loadConfig({ DATA_DIR: dataDir }), server.database.pool);
      expect(findings[0]).toMatchObject({
        severity: 'info',
        message: expect.stringContaining('no encryption key yet'),
      });
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('doctor: a recent backup', () => {
  it('warns of no backup on an empty site, blocks once it holds a report, and follows the last runs', async () => {
    const pool = server.database.pool;
    expect((await backupFindings(pool))[0]).toMatchObject({ severity: 'warning', message: 'No backup yet.' });
    const altcha = await solveAltcha(server.baseUrl);
    expect((await postReport(server.baseUrl, { payload: reportPayload(), altcha })).status).toBe(201);
    expect((await backupFindings(pool))[0]).toMatchObject({
      severity: 'blocker',
      message: expect.stringContaining('never been backed up'),
    });
    await pool.query("insert into scheduled_job (name, last_success_at) values ('backup', now() - interval '2 hours')");
    expect((await backupFindings(pool))[0]).toMatchObject({
      severity: 'ok',
      message: expect.stringContaining('2 hours ago'),
    });
    await pool.query("update scheduled_job set last_success_at = now() - interval '30 hours' where name = 'backup'");
    expect((await backupFindings(pool))[0]?.severity).toBe('warning');
    await pool.query("update scheduled_job set last_success_at = now() - interval '4 days' where name = 'backup'");
    expect((await backupFindings(pool))[0]?.severity).toBe('blocker');
    await pool.query(
      "update scheduled_job set last_success_at = now() - interval '1 hour', last_failure_at = now(), last_failure_reason = 'ENOSPC' where name = 'backup'",
    );
    expect((await backupFindings(pool))[0]).toMatchObject({
      severity: 'blocker',
      message: expect.stringContaining('ENOSPC'),
    });
    await pool.query("update scheduled_job set last_success_at = now() where name = 'backup'");
  });
});

describe('doctor: TRUST_PROXY against the requests the site sees', () => {
  /** A real Express app counting requests as the site does, under `trustProxy`, on a fresh database. */
  async function observingApp(trustProxy: false | string) {
    const database = await createTestDatabase();
    await runMigrations(database.pool);
    const app = express();
    app.set('trust proxy', trustProxy);
    const observations = createProxyObservations(database.pool, trustProxy, createLogger('silent'));
    app.use(observeProxies(observations));
    app.get('/', (_request, response) => void response.status(204).end());
    const listener = app.listen(0, '0.0.0.0');
    await new Promise((resolve) => listener.once('listening', resolve));
    const port = (listener.address() as { port: number }).port;
    const send = (headers: Record<string, string> = {}, host = '127.0.0.1', path = '/') =>
      fetch(`http://${host}:${port}${path}`, { headers });
    return {
      database,
      send,
      findings: async (env: Record<string, string> = {}) => {
        await observations.flush();
        return proxyFindings(
          loadConfig({ TRUST_PROXY: trustProxy === false ? 'false' : trustProxy, ...env }),
          database.pool,
        );
      },
      close: async () => {
        listener.closeAllConnections();
        await new Promise((resolve) => listener.close(resolve));
        await database.drop();
      },
    };
  }

  it('has nothing to say before a request, then warns of a proxy TRUST_PROXY does not name', async () => {
    const site = await observingApp(false);
    try {
      expect((await site.findings())[0]).toMatchObject({ severity: 'info' });
      // A monitor's checks are not visitors: not counted.
      await site.send({ 'X-Forwarded-For': '203.0.113.9' }, '127.0.0.1', '/api/health');
      expect((await site.findings())[0]).toMatchObject({ severity: 'info' });
      await site.send({ 'X-Forwarded-For': '203.0.113.7' });
      await site.send({ 'X-Forwarded-For': '203.0.113.8' });
      expect((await site.findings())[0]).toMatchObject({
        severity: 'warning',
        message: expect.stringContaining('2 requests came with X-Forwarded-For'),
        fix: expect.stringContaining('loopback'),
      });
      const { rows } = await site.database.pool.query('select * from proxy_observation');
      expect(JSON.stringify(rows)).not.toContain('203.0.113');
    } finally {
      await site.close();
    }
  });

  it('warns of a named proxy that never sends X-Forwarded-For, and is content once it does', async () => {
    const site = await observingApp('loopback');
    try {
      await site.send();
      expect((await site.findings())[0]).toMatchObject({
        severity: 'warning',
        fix: expect.stringContaining('X-Forwarded-For'),
      });
      // With an onion service, tor's requests come from this machine without the header: as expected.
      const onion = `http://${'a'.repeat(56)}.onion`;
      expect((await site.findings({ ONION_URL: onion }))[0]).toMatchObject({
        severity: 'ok',
        message: expect.stringContaining('tor'),
      });
      await site.send({ 'X-Forwarded-For': '203.0.113.7' });
      expect((await site.findings())[0]).toMatchObject({
        severity: 'ok',
        message: expect.stringContaining('1 through the proxy'),
      });
    } finally {
      await site.close();
    }
  });

  it('warns of requests that went around the proxy, from another address of this machine', async () => {
    // This machine's own non-loopback address stands for another machine.
    const own = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
    if (!own) return;
    const site = await observingApp('loopback');
    try {
      await site.send({}, own);
      expect((await site.findings())[0]).toMatchObject({
        severity: 'warning',
        message: expect.stringContaining('without passing the proxy'),
        fix: expect.stringContaining('HOST=127.0.0.1'),
      });
    } finally {
      await site.close();
    }
  });

  it("counts the site's own requests from the start (the real app)", async () => {
    await fetch(`${server.baseUrl}/api/altcha/challenge`, { headers: { 'X-Forwarded-For': '198.51.100.1' } });
    const kinds = await until(async () => {
      const { rows } = await server.database.pool.query<{ kind: string }>('select kind from proxy_observation');
      return rows.length > 0 ? rows.map((row) => row.kind) : undefined;
    }, 'the first observation');
    for (const kind of kinds) expect(['direct', 'untrusted-forwarder']).toContain(kind);
  });
});

describe('doctor: the command', () => {
  it('runs every check, exits with the blockers counted, and records the key backup when told', async () => {
    const port = await freePort();
    const smtp = await startSmtp(port);
    const database = await createTestDatabase();
    await runMigrations(database.pool);
    const env = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://report.example.org',
      TRUST_PROXY: 'loopback',
      DATABASE_URL: database.url,
      DATA_DIR: server.dataDir,
      ENCRYPTION_KEY: server.config.encryptionKey?.toString('base64') ?? '',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NOTIFY_EMAILS: 'duty@example.org',
      ORG_EMAIL: 'info@safety.example.be',
    };
    const plenty = async () => ({ availableBytes: 50 * 1024 ** 3, totalBytes: 100 * 1024 ** 3 });
    try {
      const lines: string[] = [];
      const first = await runDoctorCommand(['--time-server', 'none'], env, (line) => lines.push(line), {
        readFreeSpace: plenty,
      });
      const text = lines.join('\n');
      expect(text).toMatch(/^ok {7}public-url: PUBLIC_URL is https:\/\/report\.example\.org\./m);
      expect(text).toMatch(/^ok {7}smtp: /m);
      expect(text).toMatch(/^ok {7}storage: /m);
      expect(text).toMatch(/^ok {7}disk: /m);
      expect(text).toMatch(/^ok {7}migrations: /m);
      expect(text).toMatch(/^BLOCKER {2}key-backup: /m);
      expect(text).toMatch(/^ {9}fix: Copy ENCRYPTION_KEY/m);
      expect(text).toMatch(/^WARNING {2}backup: No backup yet\.$/m);
      expect(first.blockers).toBe(1);
      expect(lines.at(-1)).toBe('1 blocker and 1 warning: put the blockers right before relying on the site.');

      lines.length = 0;
      const second = await runDoctorCommand(
        ['--time-server', 'none', '--key-backed-up'],
        env,
        (line) => lines.push(line),
        {
          readFreeSpace: plenty,
        },
      );
      expect(lines[0]).toBe(
        'Noted: the keys as they are now are kept safe (ENCRYPTION_KEY (in the site settings)); doctor asks again after a key rotation.',
      );
      expect(lines.join('\n')).toMatch(/^ok {7}key-backup: /m);
      expect(second.blockers).toBe(0);
      expect(lines.at(-1)).toBe('No blocker; 1 warning to look at.');
    } finally {
      await smtp.close();
      await database.drop();
    }
  });
});
