import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import en from '@app/locales/en/internal.json' with { type: 'json' };
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupCommand } from '../cli/backup.ts';
import { metricsRoutes } from '../http/metrics.routes.ts';
import { createLogger } from '../logger.ts';
import { freePort } from '../test/app-process.ts';
import { openFollowUp } from '../test/follow-up-helpers.ts';
import { startSmtp } from '../test/smtp-helpers.ts';
import { CookieJar, createStaffMember, signedInSession, type TestStaff } from '../test/staff-helpers.ts';
import { postReport, reportPayload, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import { siteEnvOf, startTestServer, type TestServer } from '../test/test-server.ts';
import { SITE_VERSION } from '../version.ts';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

describe('monitoring (decision 0030)', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: TestStaff;
  let coordinator: TestStaff;

  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtp(port);
    server = await startTestServer({
      METRICS_TOKEN: TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NOTIFY_EMAILS: 'team@example.org',
      REPORTS_PER_HOUR_PER_IP: '100',
    });
    admin = await signedInSession(server, 'admin');
    coordinator = await signedInSession(server, 'coordinator');
  });
  afterAll(async () => {
    await server?.services.alerts.stop();
    await server?.close();
    await smtp?.close();
  });

  const scrape = (headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) =>
    fetch(`${server.baseUrl}/metrics`, { headers });

  it('answers Prometheus only with the bearer token, and not at all without one configured', async () => {
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await scrape({ Authorization: `Basic ${TOKEN}` })).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    // Without METRICS_TOKEN there is no endpoint at all.
    const bare = express().use(metricsRoutes(server.services.metrics, undefined, createLogger('silent')));
    const listening = bare.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    const { port } = listening.address() as { port: number };
    try {
      const absent = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(absent.status).toBe(404);
    } finally {
      listening.close();
    }
  });

  it('counts requests by route group and submissions by outcome, with no personal data in any label', async () => {
    const sent = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(sent.status).toBe(201);
    const receipt = (sent.body as unknown as { receipt: string }).receipt;
    const refused = await postReport(server.baseUrl, {
      payload: reportPayload({ description: '' }),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(refused.status).toBe(400);
    // Addresses with ids, a receipt and a name in them.
    const { rows } = await server.database.pool.query<{ id: string }>('select id from report limit 1');
    const reportId = rows[0]?.id ?? '';
    await fetch(`${server.baseUrl}/api/internal/reports/${reportId}`, {
      headers: { cookie: coordinator.jar.header() },
    });
    await fetch(`${server.baseUrl}/incident-report?name=${encodeURIComponent(SEEDED.firstName)}`);
    await openFollowUp(server.baseUrl, receipt, new CookieJar());

    const text = await (await scrape()).text();
    expect(text).toMatch(/^cs_http_requests_total\{group="api-reports",method="POST",status="2xx"\} [1-9]/m);
    expect(text).toMatch(/^cs_http_requests_total\{group="api-internal",method="GET",status="[245]xx"\} [1-9]/m);
    expect(text).toMatch(/^cs_http_requests_total\{group="public-pages",method="GET",status="2xx"\} [1-9]/m);
    expect(text).toMatch(/^cs_http_request_duration_seconds_bucket\{le="0\.5",group="api-reports",method="POST"\}/m);
    expect(text).toMatch(/^cs_submissions_total\{kind="report",outcome="accepted",reason="stored"\} 1$/m);
    expect(text).toMatch(/^cs_submissions_total\{kind="report",outcome="refused",reason="VALIDATION_FAILED"\} 1$/m);
    for (const gauge of [
      'cs_outbox_pending',
      'cs_outbox_oldest_age_seconds',
      'cs_spool_files',
      'cs_spool_bytes',
      'cs_spool_oldest_age_seconds',
      'cs_db_pool_waiting',
      'cs_alerts_open',
    ]) {
      expect(text).toMatch(new RegExp(`^${gauge} [0-9.e+-]+$`, 'm'));
    }
    expect(text).toMatch(/^cs_db_pool_connections\{state="total"\} [1-9]/m);
    expect(text).toContain(`cs_build_info{version="${SITE_VERSION}"} 1`);
    expect(text).toMatch(/^cs_job_last_success_timestamp_seconds\{job="retention"\} 0$/m);

    // Nothing that names a person, a report or a receipt: not in values, not in labels.
    for (const secret of [reportId, receipt, ...Object.values(SEEDED)]) expect(text).not.toContain(secret);
    // Every label value comes from a small closed set: letters, digits and dashes, no ids.
    const values = [...text.matchAll(/([a-z_]+)="([^"]*)"/g)].map((match) => `${match[1]}=${match[2]}`);
    expect(values.length).toBeGreaterThan(20);
    for (const value of values) expect(value).toMatch(/^[a-z_]+=[A-Za-z0-9_.+:-]{0,40}$/);
    const groups = new Set(values.filter((value) => value.startsWith('group=')));
    for (const group of groups) {
      expect([
        'group=api-reports',
        'group=api-contact',
        'group=api-follow-up',
        'group=api-altcha',
        'group=api-internal',
        'group=api-other',
        'group=health',
        'group=metrics',
        'group=staff-pages',
        'group=static',
        'group=public-pages',
      ]).toContain(group);
    }
  });

  it('e-mails the administrators once when a backup fails, shows it on their dashboard, and clears it when a backup succeeds', async () => {
    const env = siteEnvOf(server);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-alert-'));
    // A file where the backup wants a folder: the backup fails, as a full or missing disk would.
    const notAFolder = path.join(folder, 'not-a-folder');
    fs.writeFileSync(notAFolder, '');
    const other = await createStaffMember(server, 'admin', 'Second admin');
    await expect(
      runBackupCommand(['backup', '--out', path.join(notAFolder, 'site.backup')], env, () => {}),
    ).rejects.toThrow();
    const mailsBefore = smtp.received.length;

    expect(await server.services.alerts.check()).toEqual({ opened: ['job-failing:backup'], resolved: [], mailed: 1 });
    // Checked again (each minute, on each instance): no second e-mail for the same incident.
    expect(await server.services.alerts.check()).toEqual({ opened: [], resolved: [], mailed: 0 });
    const opened = smtp.received.slice(mailsBefore);
    expect(opened).toHaveLength(1);
    // To every administrator (not the staff notification list), naming the job and nothing else.
    expect(opened[0]?.to.sort()).toEqual([admin.staff.email, other.staff.email].sort());
    expect(opened[0]?.raw).toContain(`Subject: Alert on the website: ${en.alerts.problems.jobFailing.backup}`);
    expect(opened[0]?.raw).toContain('/internal/dashboard');
    for (const secret of Object.values(SEEDED)) expect(opened[0]?.raw).not.toContain(secret);

    const dashboard = async (who: TestStaff) =>
      (await fetch(`${server.baseUrl}/internal/dashboard`, { headers: { cookie: who.jar.header() } })).text();
    const adminPage = await dashboard(admin);
    expect(adminPage).toContain('data-alert="job-failing:backup"');
    expect(adminPage).toContain(en.alerts.problems.jobFailing.backup);
    // Coordinators do not run the site: no alerts on theirs.
    expect(await dashboard(coordinator)).not.toContain('data-alert=');
    const metrics = await (await scrape()).text();
    expect(metrics).toMatch(/^cs_alerts_open 1$/m);
    expect(metrics).toMatch(/^cs_job_last_failure_timestamp_seconds\{job="backup"\} [1-9]/m);

    // The next backup works: the alert is resolved, with one e-mail saying so, and leaves the dashboard.
    await runBackupCommand(['backup', '--out', path.join(folder, 'site.backup')], env, () => {});
    expect(await server.services.alerts.check()).toEqual({ opened: [], resolved: ['job-failing:backup'], mailed: 1 });
    expect(await server.services.alerts.check()).toEqual({ opened: [], resolved: [], mailed: 0 });
    const resolved = smtp.received.slice(mailsBefore + 1);
    expect(resolved).toHaveLength(1);
    expect(resolved[0]?.raw).toContain(`Subject: Resolved: ${en.alerts.problems.jobFailing.backup}`);
    expect(await dashboard(admin)).not.toContain('data-alert=');
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('opens an alert for notifications waiting too long, and resolves it once they are sent', async () => {
    await server.database.pool.query(
      `insert into notification_outbox (kind, created_at, next_attempt_at)
       values ('newMessage', now() - interval '2 hours', now() + interval '1 hour')`,
    );
    const result = await server.services.alerts.check();
    expect(result.opened).toEqual(['backlog:outbox']);
    await server.database.pool.query(`update notification_outbox set sent_at = now() where sent_at is null`);
    expect((await server.services.alerts.check()).resolved).toEqual(['backlog:outbox']);
  });
});
