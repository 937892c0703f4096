import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFollowUp, sendFollowUpReply } from '../test/follow-up-helpers.ts';
import { CookieJar, createStaffMember, signedInSession } from '../test/staff-helpers.ts';
import { postReport, reportPayload, solveAltcha } from '../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * Two instances of the site on one database and one files folder, as behind a load balancer:
 * requests alternate between them and everything behaves as one site.
 */
describe('two instances behave as one site', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { REPORTS_PER_HOUR_PER_IP: '3', WRONG_RECEIPTS_PER_HOUR_PER_IP: '3' };
    a = await startTestServer(env);
    b = await startTestServer(env, undefined, a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('shares staff sessions, ALTCHA replay protection and the per-address limits', async () => {
    // A staff member signed in on A opens pages on B, and the other way round.
    const coordinator = await signedInSession(a, 'coordinator');
    for (const server of [b, a, b]) {
      const page = await fetch(`${server.baseUrl}/internal/dashboard`, {
        headers: { cookie: coordinator.jar.header() },
        redirect: 'manual',
      });
      expect(page.status).toBe(200);
    }

    // An ALTCHA solution used on A does not work again on B.
    const altcha = await solveAltcha(a.baseUrl);
    expect((await postReport(a.baseUrl, { payload: reportPayload(), altcha })).status).toBe(201);
    const replay = await postReport(b.baseUrl, { payload: reportPayload(), altcha });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('ALTCHA_FAILED');

    // Three reports an hour from one address, whichever instance gets them: A, B, A (the replay
    // above, refused for its proof of work before the limit, took none), then the next one is
    // refused on either.
    for (const server of [b, a]) {
      expect(
        (await postReport(server.baseUrl, { payload: reportPayload(), altcha: await solveAltcha(server.baseUrl) }))
          .status,
      ).toBe(201);
    }
    const refused = await postReport(b.baseUrl, { payload: reportPayload(), altcha: await solveAltcha(b.baseUrl) });
    expect(refused.status).toBe(429);
  });

  it('shows a content edit made on one instance on the other at once, and opens a receipt session on both', async () => {
    const admin = await signedInSession(b, 'admin');
    // Both instances have the page in their page cache before the edit.
    for (const server of [a, b, a, b]) expect((await fetch(`${server.baseUrl}/nl`)).status).toBe(200);
    await b.services.operationsFor(admin.staff).content.save('announcement', 'nl', 'Gesloten op **1 december**.');
    for (const server of [a, b]) {
      const html = await (await fetch(`${server.baseUrl}/nl`)).text();
      expect(html).toContain('Gesloten op <strong>1 december</strong>.');
    }

    const { rows } = await a.database.pool.query<{ id: string }>('select id from report limit 1');
    const reportId = rows[0]?.id ?? '';
    // A receipt opened on A, then the thread read on B and answered on A.
    const receipt = await a.services.receipts.generate();
    await a.database.pool.query('update report set receipt_hash = $2 where id = $1', [
      reportId,
      await a.services.receipts.hash(receipt),
    ]);
    const jar = new CookieJar();
    expect((await openFollowUp(a.baseUrl, receipt, jar)).status).toBe(200);
    const state = await b.services.followUp.view(jar.header());
    expect(state.state).toBe('open');
    const sent = await sendFollowUpReply(b.baseUrl, jar, 'Via de andere server.');
    expect(sent.status).toBe(201);
    const { staff: reader } = await createStaffMember(a, 'coordinator');
    const detail = await a.services.operationsFor(reader).reports.open(reportId);
    expect(detail?.thread?.messages.map((message) => message.body)).toContain('Via de andere server.');
  });
});
