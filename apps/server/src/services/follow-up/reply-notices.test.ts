import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/app-process.ts';
import { openFollowUp } from '../../test/follow-up-helpers.ts';
import { startSmtp } from '../../test/smtp-helpers.ts';
import { CookieJar, createStaffMember, postForm } from '../../test/staff-helpers.ts';
import { postReport, reportPayload, SEEDED, solveAltcha } from '../../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

/** Decision 0041: a reply notice says that a message waits, and nothing else; turned off, nothing comes. */
describe('reply notices', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtp(port);
    server = await startTestServer({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'site@example.org',
      ORG_NAME: 'Meldpunt Notice Test',
    });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('reaches the SMTP server with no word of the report, under the chosen sender; turned off, none arrives', async () => {
    const address = `reporter-${Date.now()}@example.net`;
    const sent = await postReport(server.baseUrl, {
      payload: reportPayload({ language: 'nl' }),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(sent.status).toBe(201);
    const jar = new CookieJar();
    expect((await openFollowUp(server.baseUrl, sent.body.receipt ?? '', jar)).status).toBe(200);

    // A wrong address comes back to the page with its code, and keeps nothing.
    const refused = await postForm(
      server,
      '/api/follow-up/reply-notice',
      { language: 'nl', address: 'nope', sender: 'messages' },
      jar,
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/nl/follow-up?noticeError=NOTICE_ADDRESS_INVALID');
    const on = await postForm(
      server,
      '/api/follow-up/reply-notice',
      { language: 'nl', address, sender: 'messages' },
      jar,
    );
    expect(on.headers.get('location')).toBe('/nl/follow-up?notice=on');
    // Sealed at rest, in its own table.
    const stored = await server.database.pool.query('select report_id, address, sender from reply_notice');
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].address).not.toContain('example.net');
    const reportId = stored.rows[0].report_id as string;

    const { staff } = await createStaffMember(server, 'coordinator', 'Noa');
    const reply = 'Kunt u ons het kenteken van de wagen geven?';
    await server.services.operationsFor(staff).reports.reply(reportId, reply);
    expect(await server.services.replyNotices.sendPending()).toMatchObject({ sent: 1, failed: 0 });
    const mails = smtp.received.filter((mail) => mail.to.includes(address));
    expect(mails).toHaveLength(1);
    const mail = mails[0]?.text ?? '';
    expect(mail).toContain('Er staat een nieuw bericht voor u klaar op de opvolgingspagina.');
    expect(mail).toMatch(/^From: Berichtendienst <site@example\.org>/m);
    for (const secret of [
      reply,
      'kenteken',
      'Meldpunt Notice Test',
      SEEDED.description,
      SEEDED.location,
      SEEDED.firstName,
      SEEDED.lastName,
      reportId,
      sent.body.receipt ?? '',
      'verbal',
    ]) {
      expect(mail, `the notice holds "${secret}"`).not.toContain(secret);
    }
    // Told once: a second pass sends nothing more.
    expect(await server.services.replyNotices.sendPending()).toMatchObject({ sent: 0 });

    const off = await postForm(server, '/api/follow-up/reply-notice', { language: 'nl', intent: 'stop' }, jar);
    expect(off.headers.get('location')).toBe('/nl/follow-up?notice=off');
    expect((await server.database.pool.query('select count(*)::int as n from reply_notice')).rows[0].n).toBe(0);
    await server.services.operationsFor(staff).reports.reply(reportId, 'Nog een vraag.');
    await server.services.replyNotices.sendPending();
    expect(smtp.received.filter((mail) => mail.to.includes(address))).toHaveLength(1);
  });

  it('asks for the receipt first: without a live session, nothing is kept', async () => {
    const count = async () =>
      (await server.database.pool.query('select count(*)::int as n from reply_notice')).rows[0].n;
    const before = await count();
    const answer = await postForm(server, '/api/follow-up/reply-notice', {
      language: 'fr',
      address: 'someone@example.net',
      sender: 'notifications',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/fr/follow-up');
    expect(await count()).toBe(before);
  });
});
