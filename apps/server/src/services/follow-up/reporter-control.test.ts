import { addWorkingDays } from '@app/core/casework/working-days';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packInput } from '../../test/evidence-pack-helpers.ts';
import { openFollowUp } from '../../test/follow-up-helpers.ts';
import { CookieJar, createStaffMember, postForm } from '../../test/staff-helpers.ts';
import { postReport, reportPayload, SEEDED, solveAltcha } from '../../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

/**
 * Decision 0046: through the receipt, the reporter sees what left the organisation, withdraws their
 * consent to pass the report on, and asks for erasure, which a coordinator confirms or refuses.
 */
describe('the reporter in control', () => {
  let server: TestServer;
  let cora: StaffIdentity;
  let vera: StaffIdentity;
  beforeAll(async () => {
    server = await startTestServer();
    cora = (await createStaffMember(server, 'coordinator', 'Cora Control')).staff;
    vera = (await createStaffMember(server, 'viewer', 'Vera Control')).staff;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const reports = (actor: StaffIdentity) => server.services.operationsFor(actor).reports;
  const count = async (sql: string, values: unknown[]) =>
    (await server.database.pool.query<{ n: number }>(sql, values)).rows[0]?.n;

  /** A report sent through the API with its marker in the description, opened with its receipt. */
  async function reportWithReceipt(marker: string, consent: 'yes' | 'no' | 'ask-first') {
    const sent = await postReport(server.baseUrl, {
      payload: reportPayload({
        language: 'en',
        sharingConsent: consent,
        description: `${SEEDED.description} ${marker}`,
      }),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(sent.status).toBe(201);
    const jar = new CookieJar();
    expect((await openFollowUp(server.baseUrl, sent.body.receipt ?? '', jar)).status).toBe(200);
    const view = async () => {
      const state = await server.services.followUp.view(jar.header());
      if (state.state !== 'open') throw new Error(`the follow-up session is ${state.state}`);
      return state.thread;
    };
    return { jar, view, receipt: sent.body.receipt ?? '' };
  }

  async function reportIdOf(marker: string): Promise<string> {
    const { rows } = await server.database.pool.query<{ id: string; description: string }>(
      'select id, description from report order by created_at desc limit 50',
    );
    const found = rows.find((row) => server.services.encryption.openText(row.description).includes(marker));
    if (!found) throw new Error(`no report carries ${marker}`);
    return found.id;
  }

  const pack = packInput;

  it('shows each evidence pack to the reporter; a withdrawal stops the next, audited once and told to staff', async () => {
    const marker = `control-withdraw-${Date.now()}`;
    const { jar, view } = await reportWithReceipt(marker, 'yes');
    const id = await reportIdOf(marker);
    expect((await view()).control).toEqual({ shared: [], consentWithdrawnAt: null, erasure: null });
    expect((await view()).consent).toBe('yes');

    await reports(cora).evidencePack(id, pack({ recipient: 'unia', includeIdentity: 'yes' }));
    await reports(cora).evidencePack(id, pack({ recipient: 'police' }));
    const shared = (await view()).control.shared;
    expect(shared.map(({ kind, recipient, identityIncluded }) => ({ kind, recipient, identityIncluded }))).toEqual([
      { kind: 'evidence-pack', recipient: 'unia', identityIncluded: true },
      { kind: 'evidence-pack', recipient: 'police', identityIncluded: false },
    ]);

    // Without the tick that says they understand, nothing is recorded.
    const unticked = await postForm(server, '/api/follow-up/consent-withdrawal', { language: 'yi' }, jar);
    expect(unticked.status).toBe(303);
    expect(unticked.headers.get('location')).toBe('/yi/follow-up?requestError=withdraw-consent#your-choices');
    expect((await view()).control.consentWithdrawnAt).toBeNull();

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await postForm(
        server,
        '/api/follow-up/consent-withdrawal',
        { language: 'yi', confirm: 'yes' },
        jar,
      );
      expect(answer.headers.get('location')).toBe('/yi/follow-up?requested=withdraw-consent#your-choices');
    }
    expect((await view()).control.consentWithdrawnAt).not.toBeNull();
    // Once: one request, one audit row (the reporter's), one e-mail to staff.
    expect(await count(`select count(*)::int as n from reporter_request where report_id = $1`, [id])).toBe(1);
    const audit = await server.database.pool.query(
      `select actor_kind, actor_id from audit_event where subject_id = $1 and action = 'report.consent-withdrawn'`,
      [id],
    );
    expect(audit.rows).toEqual([{ actor_kind: 'reporter', actor_id: null }]);
    expect(
      await count(
        `select count(*)::int as n from notification_outbox where report_id = $1 and kind = 'reporterRequest'`,
        [id],
      ),
    ).toBe(1);

    // Staff see it, and nothing more may leave.
    expect((await reports(cora).open(id)).reporterControl?.consentWithdrawnAt).not.toBeNull();
    await expect(reports(cora).evidencePack(id, pack())).rejects.toMatchObject({
      code: 'evidencePack.consentWithdrawn',
    });
    expect((await view()).control.shared).toHaveLength(2);
  });

  it('asks for erasure: refused under a legal hold with its reason, which the reporter reads; answered once', async () => {
    const marker = `control-refuse-${Date.now()}`;
    const { jar, view } = await reportWithReceipt(marker, 'ask-first');
    const id = await reportIdOf(marker);
    const asked = await postForm(server, '/api/follow-up/erasure-request', { language: 'he', confirm: 'yes' }, jar);
    expect(asked.headers.get('location')).toBe('/he/follow-up?requested=erasure#your-choices');
    const waiting = (await view()).control.erasure;
    expect(waiting?.answer).toBeNull();
    // Ten Belgian working days from the request, as the working calendar counts them: never less than
    // twelve calendar days (asked late on a Sunday, due as the second Friday ends; an hour less across
    // the change to summer time). Asked on a weekday, it is two weeks; on a Saturday, 13 days and some.
    expect(waiting?.answerDueAt).toBe(addWorkingDays(new Date(waiting?.requestedAt ?? ''), 10).toISOString());
    expect(Date.parse(waiting?.answerDueAt ?? '') - Date.parse(waiting?.requestedAt ?? '')).toBeGreaterThanOrEqual(
      (12 * 24 - 1) * 3600 * 1000,
    );
    // The coordinator's dashboard lists it with the date the answer is due; a viewer's reads nothing of it.
    const dashboard = (actor: StaffIdentity) => server.services.operationsFor(actor).dashboard();
    const listed = (await dashboard(cora)).retention?.erasureRequests.filter((row) => row.reportId === id);
    expect(listed).toEqual([
      expect.objectContaining({ answerDueAt: waiting?.answerDueAt, requestedAt: waiting?.requestedAt, overdue: false }),
    ]);
    expect((await dashboard(vera)).retention).toBeUndefined();

    await expect(reports(vera).answerErasureRequest(id, { answer: 'erase' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await reports(cora).setLegalHold(id, { reason: `Procedure ${marker}` });
    await expect(reports(cora).answerErasureRequest(id, { answer: 'erase' })).rejects.toMatchObject({
      code: 'casework.erasureHeld',
    });
    await expect(
      reports(cora).answerErasureRequest(id, { answer: 'refuse', reason: 'nonsense' as 'legal-hold' }),
    ).rejects.toMatchObject({ code: 'casework.erasureReasonRequired' });
    await reports(cora).answerErasureRequest(id, { answer: 'refuse', reason: 'legal-hold' });
    await expect(
      reports(cora).answerErasureRequest(id, { answer: 'refuse', reason: 'legal-hold' }),
    ).rejects.toMatchObject({ code: 'casework.noErasureRequest' });
    expect((await view()).control.erasure?.answer).toMatchObject({ outcome: 'refused', reason: 'legal-hold' });
    expect((await view()).erasedAt).toBeNull();
    // Answered: off the dashboard's list.
    expect((await dashboard(cora)).retention?.erasureRequests.map((row) => row.reportId)).not.toContain(id);
    const { rows } = await server.database.pool.query(
      `select actor_id, details from audit_event where subject_id = $1 and action = 'report.erasure-answered'`,
      [id],
    );
    expect(rows).toEqual([{ actor_id: cora.id, details: { outcome: 'refused', reason: 'legal-hold' } }]);
  });

  it('erases on request: the report is gone but for what is counted, its record kept, the receipt shows only that', async () => {
    const marker = `control-erase-${Date.now()}`;
    const { jar, view, receipt } = await reportWithReceipt(marker, 'no');
    const id = await reportIdOf(marker);
    await server.services.operationsFor(cora).reports.reply(id, `A question about ${marker}`);
    await postForm(server, '/api/follow-up/erasure-request', { language: 'en', confirm: 'yes' }, jar);
    await reports(cora).answerErasureRequest(id, { answer: 'erase' });

    const [row] = (
      await server.database.pool.query(
        `select personal_data, incident_type, personal_data_erased_at, receipt_hash from report where id = $1`,
        [id],
      )
    ).rows;
    expect(row).toMatchObject({ personal_data: null, incident_type: 'verbal' });
    expect(row.personal_data_erased_at).not.toBeNull();
    expect(await count('select count(*)::int as n from report_message where report_id = $1', [id])).toBe(0);
    const record = await server.database.pool.query(
      'select via, outcome, period_months from report_erasure where report_id = $1',
      [id],
    );
    expect(record.rows).toEqual([{ via: 'request', outcome: null, period_months: null }]);
    // Nothing of the report is left anywhere in its row: the marker was in its description.
    expect(JSON.stringify((await reports(cora).open(id)).description ?? '')).not.toContain(marker);

    // The receipt still opens a page, which says only that the report was erased.
    const again = new CookieJar();
    expect((await openFollowUp(server.baseUrl, receipt, again)).status).toBe(200);
    const state = await server.services.followUp.view(again.header());
    expect(state.state === 'open' && state.thread.erasedAt).toBeTruthy();
    expect(state.state === 'open' && state.thread.messages).toEqual([]);
    expect(state.state === 'open' && state.thread.control.erasure?.answer?.outcome).toBe('erased');
    // And takes nothing new: no reply, no reply-notice address.
    await expect(server.services.followUp.reply(again.header(), 'one more thing', [])).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const notice = await postForm(
      server,
      '/api/follow-up/reply-notice',
      { language: 'en', address: 'someone@example.net', sender: 'messages' },
      again,
    );
    expect(notice.headers.get('location')).toBe('/follow-up');
    expect(await count('select count(*)::int as n from reply_notice where report_id = $1', [id])).toBe(0);
    expect(jar.header()).not.toBe('');
    expect(await view().catch((error: Error) => error.message)).toMatch(/ended|none/);
  });
});
