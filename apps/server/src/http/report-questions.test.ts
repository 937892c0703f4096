import en from '@app/locales/en/forms.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createNotificationWorker } from '../mail/notifications.ts';
import { startSmtp } from '../test/smtp-helpers.ts';
import { createStaffMember } from '../test/staff-helpers.ts';
import { postReport, reportPayload, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import { formTokenAged, type TestServer } from '../test/test-server.ts';
import { useTestServerWithMailPort } from '../test/use-test-server.ts';

/**
 * The questions of decision 0024 on the two ways in (the API and the form without JavaScript), what
 * is sealed at rest, what staff see, and the urgent alert to the on-call list.
 */

const URLS = ['https://www.facebook.com/groups/hate/posts/123456789', 'https://t.me/some_channel/42'];
const ON_CALL = ['oncall-1@example.org', 'oncall-2@example.org'];

function multipart(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

async function rowOf(server: TestServer, id: string) {
  const { rows } = await server.database.pool.query(
    `select threat_ongoing, sharing_consent, online_urls, online_platform, is_urgent, urgent_taken_at
       from report where id = $1`,
    [id],
  );
  return rows[0];
}

async function newestReportId(server: TestServer): Promise<string> {
  return (await server.database.pool.query('select id from report order by created_at desc limit 1')).rows[0].id;
}

/**
 * What a leaked dump shows of a sealed column: no plaintext of any kind. A ciphertext is random
 * base64, so a short word ("no", "t.me") turns up in it by chance (about one value in thirty for a
 * two-letter word): short words must not be the value, longer ones must not be in it.
 */
function expectSealed(value: string, ...plaintexts: string[]) {
  expect(value).toMatch(/^[A-Za-z0-9+/=:._-]+$/);
  expect(value.length).toBeGreaterThan(40);
  for (const word of [...plaintexts, 'yes', 'no', 'ask-first', 'https://', 'facebook']) {
    if (word.length >= 6) expect(value).not.toContain(word);
    else expect(value).not.toBe(word);
  }
}

describe('the report questions of decision 0024', () => {
  const server = useTestServerWithMailPort({
    NOTIFY_EMAILS: 'staff@example.org',
    ON_CALL_EMAILS: ON_CALL.join(', '),
    URGENT_INCIDENT_TYPES: 'physical,letter',
    REPORTS_PER_HOUR_PER_IP: '1000',
  });

  it('stores the answers sent to the API: consent and addresses sealed, the platform and the threat plain', async () => {
    const response = await postReport(server.baseUrl, {
      payload: reportPayload({
        type: 'online',
        onlineUrls: [URLS[0], '', URLS[1]],
        onlinePlatform: 'telegram',
        threatOngoing: 'no',
        sharingConsent: 'yes',
      }),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(response.status).toBe(201);
    const id = await newestReportId(server);
    const row = await rowOf(server, id);
    expect(row).toMatchObject({ threat_ongoing: false, online_platform: 'telegram', is_urgent: false });
    expectSealed(row.sharing_consent, 'yes');
    expectSealed(row.online_urls, ...URLS, 'facebook.com', 't.me');
    expect(server.services.encryption.openText(row.sharing_consent)).toBe('yes');
    expect(JSON.parse(server.services.encryption.openText(row.online_urls))).toEqual(URLS);

    // Staff read them on the report's page, through the presenter.
    const { staff } = await createStaffMember(server, 'coordinator');
    const detail = await server.services.operationsFor(staff).reports.open(id);
    expect(detail).toMatchObject({
      sharingConsent: 'yes',
      threatOngoing: false,
      onlineUrls: URLS,
      onlinePlatform: 'telegram',
      isUrgent: false,
    });
    // And in the CSV export, for roles that may read reports.
    const exported = await server.services.operationsFor(staff).reports.export({ sort: 'received-desc', page: 1 });
    expect(exported.find((entry) => entry.id === id)).toMatchObject({
      sharingConsent: 'yes',
      onlineUrls: URLS,
      onlinePlatform: 'telegram',
      threatOngoing: false,
    });
  });

  it('answers a wrong address with its place and a problem for each, and stores nothing', async () => {
    const before = (await server.database.pool.query('select count(*)::int as n from report')).rows[0].n;
    const response = await postReport(server.baseUrl, {
      payload: reportPayload({ type: 'online', onlineUrls: ['facebook.com/post/1', URLS[0], 'javascript:alert(1)'] }),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { onlineUrl1: 'invalidUrl', onlineUrl3: 'invalidUrl' },
    });
    const missing = await postReport(server.baseUrl, {
      payload: reportPayload({ sharingConsent: undefined }),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(missing.body.error.fields).toEqual({ sharingConsent: 'required' });
    expect((await server.database.pool.query('select count(*)::int as n from report')).rows[0].n).toBe(before);
  });

  it('stores the answers of the form without JavaScript, carried between the steps as hidden fields', async () => {
    const steps: Record<string, string>[] = [
      { step: '0', intent: 'next', anonymous: 'on' },
      {
        step: '1',
        intent: 'next',
        date: '2026-11-01',
        location: 'Instagram',
        type: 'online',
        onlineUrl1: URLS[0] ?? '',
        onlineUrl2: '',
        onlineUrl3: URLS[1] ?? '',
        onlinePlatform: 'instagram',
        description: SEEDED.description,
      },
      {
        step: '2',
        intent: 'send',
        threatOngoing: 'unknown',
        calledPolice: 'no',
        calledOrganisation: 'no',
        medicalTreatment: 'no',
        sharingConsent: 'ask-first',
        termsAccepted: 'on',
      },
    ];
    const post = (fields: Record<string, string>, token?: string) =>
      fetch(`${server.baseUrl}/incident-report`, {
        method: 'POST',
        body: multipart(fields),
        headers: {
          Origin: 'null',
          'Sec-Fetch-Site': 'same-origin',
          ...(token ? { Cookie: `__Host-form-token=${token}` } : {}),
        },
      });
    const hiddenFields = (html: string) => {
      const fields = Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((match) => [
          match[1] ?? '',
          (match[2] ?? '').replaceAll('&amp;', '&').replaceAll('&#x27;', "'"),
        ]),
      );
      delete fields.step;
      return fields;
    };
    const afterFirst = hiddenFields(await (await post(steps[0] ?? {})).text());

    // A wrong address at the second step comes back with its own message by its field.
    const wrong = await post({ ...afterFirst, ...steps[1], onlineUrl2: 'www.instagram.com/p/abc' });
    const wrongHtml = await wrong.text();
    expect(wrong.status).toBe(400);
    expect(wrongHtml).toContain('Step 2 of 3');
    expect(wrongHtml).toMatch(
      /<a href="#report-onlineUrl2" class="link-button">Address 2: Please enter the whole address/,
    );
    expect(wrongHtml).toContain(
      `<p id="report-onlineUrl2-error" class="form-field__error">${en.validation.invalidUrl}</p>`,
    );

    const carried = hiddenFields(await (await post({ ...afterFirst, ...steps[1] })).text());
    expect(carried).toMatchObject({ onlineUrl1: URLS[0], onlineUrl3: URLS[1], onlinePlatform: 'instagram' });

    const sent = await post({ ...carried, ...steps[2] }, formTokenAged(server, 30));
    const html = await sent.text();
    expect(sent.status, html.slice(0, 300)).toBe(200);
    expect(html).toContain(en.reportForm.success);
    const id = await newestReportId(server);
    const row = await rowOf(server, id);
    expect(row).toMatchObject({ threat_ongoing: null, online_platform: 'instagram', is_urgent: false });
    expectSealed(row.sharing_consent, 'ask-first');
    expectSealed(row.online_urls, ...URLS);
    expect(server.services.encryption.openText(row.sharing_consent)).toBe('ask-first');
    expect(JSON.parse(server.services.encryption.openText(row.online_urls))).toEqual(URLS);
  });

  it('alerts the on-call list once, through a real SMTP server, with the link and the type only', async () => {
    const smtp = await startSmtp(server.smtpPort);
    // A second instance's worker, reading the same outbox.
    const secondInstance = createNotificationWorker(
      server.database.db,
      {
        smtpUrl: `smtp://127.0.0.1:${server.smtpPort}`,
        from: 'site@example.org',
        recipients: ['staff@example.org'],
        onCallRecipients: ON_CALL,
        language: 'en',
        organisationName: 'Test',
        internalUrl: 'https://example.test/internal/dashboard',
        staffAreaUrl: 'https://example.test/internal',
        reportUrl: (id) => `https://example.test/internal/reports/${id}`,
      },
      createLogger('silent'),
    );
    try {
      // What the earlier tests of this file queued while no SMTP server listened is set aside, so
      // that none of it comes due (a retry, 30 s on) while this test counts.
      await server.services.notifications.runOnce();
      await server.database.pool.query(`update notification_outbox set sent_at = now() where sent_at is null`);
      smtp.received.length = 0;

      const response = await postReport(server.baseUrl, {
        payload: reportPayload({
          type: 'verbal',
          threatOngoing: 'yes',
          sharingConsent: 'no',
          description: `${SEEDED.description} Zie https://example.com/evidence`,
        }),
        altcha: await solveAltcha(server.baseUrl),
      });
      expect(response.status).toBe(201);
      const id = await newestReportId(server);
      expect((await rowOf(server, id)).is_urgent).toBe(true);
      // Both instances poll at once: one of them takes each row.
      await Promise.all([server.services.notifications.runOnce(), secondInstance.runOnce()]);
      await Promise.all([server.services.notifications.runOnce(), secondInstance.runOnce()]);

      const urgent = smtp.received.filter((mail) => mail.raw.includes('Subject: Urgent'));
      expect(urgent).toHaveLength(1);
      expect(urgent[0]?.to).toEqual(ON_CALL);
      const raw = urgent[0]?.raw.replace(/=\r?\n/g, '') ?? '';
      expect(raw).toContain('Subject: Urgent incident report (Verbal)');
      expect(raw).toContain(`/internal/reports/${id}`);
      for (const secret of [...Object.values(SEEDED), 'example.com/evidence', 'Rivka', 'rivka']) {
        expect(raw).not.toContain(secret);
      }
      // The ordinary notification still goes to the staff list, not to the on-call list.
      const ordinary = smtp.received.filter((mail) => !mail.raw.includes('Subject: Urgent'));
      expect(ordinary.map((mail) => mail.to)).toEqual([['staff@example.org']]);
      const { rows } = await server.database.pool.query(
        `select count(*)::int as n from notification_outbox where kind = 'urgentReport' and report_id = $1 and sent_at is null`,
        [id],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await secondInstance.stop();
      await smtp.close();
    }
  });

  it('makes urgent the types staff marked urgent and an ongoing threat; never a report caught by the honeypot', async () => {
    const send = async (overrides: Record<string, unknown>, website?: string) => {
      const response = await postReport(server.baseUrl, {
        payload: reportPayload(overrides),
        altcha: await solveAltcha(server.baseUrl),
        website,
      });
      expect(response.status).toBe(201);
      return rowOf(server, await newestReportId(server));
    };
    expect((await send({ type: 'letter' })).is_urgent).toBe(true);
    expect((await send({ type: 'physical', threatOngoing: 'no' })).is_urgent).toBe(true);
    expect((await send({ type: 'verbal', threatOngoing: 'unknown' })).is_urgent).toBe(false);
    expect((await send({ type: 'harassment', threatOngoing: 'yes' }, 'http://spam.example')).is_urgent).toBe(false);
  });

  it('shows an urgent report at the top of the dashboard until someone assigns it or changes its status', async () => {
    const { staff: coordinator } = await createStaffMember(server, 'coordinator');
    const { staff: viewer } = await createStaffMember(server, 'viewer');
    const operations = server.services.operationsFor(coordinator);
    await server.database.pool.query('update report set urgent_taken_at = now() where is_urgent');

    await postReport(server.baseUrl, {
      payload: reportPayload({ type: 'physical' }),
      altcha: await solveAltcha(server.baseUrl),
    });
    const first = await newestReportId(server);
    await postReport(server.baseUrl, {
      payload: reportPayload({ type: 'harassment', threatOngoing: 'yes' }),
      altcha: await solveAltcha(server.baseUrl),
    });
    const second = await newestReportId(server);

    const urgent = (await operations.dashboard()).urgentReports ?? [];
    expect(urgent.map((entry) => entry.id)).toEqual([first, second]);
    expect(urgent.map((entry) => [entry.incidentType, entry.threatOngoing])).toEqual([
      ['physical', false],
      ['harassment', true],
    ]);
    // A viewer, who may not open reports, is not given the list.
    expect((await server.services.operationsFor(viewer).dashboard()).urgentReports).toBeUndefined();

    // Opening the report does not take it; assigning does.
    await operations.reports.open(first);
    expect((await operations.dashboard()).urgentReports?.map((entry) => entry.id)).toEqual([first, second]);
    expect(await operations.reports.assign(first, coordinator.id)).toBeUndefined();
    expect((await operations.dashboard()).urgentReports?.map((entry) => entry.id)).toEqual([second]);
    expect((await operations.reports.open(first))?.urgentTakenAt).not.toBeNull();
    // So does the first status change; unassigning later does not bring it back.
    expect(await operations.reports.changeStatus(second, { from: 'new', to: 'in_review' })).toBeUndefined();
    expect((await operations.dashboard()).urgentReports).toEqual([]);
    await operations.reports.assign(first, null);
    expect((await operations.dashboard()).urgentReports).toEqual([]);
    // Two staff accounts (scrypt at OWASP strength) and two reports on a shared machine.
  }, 120_000);
});
