import { todayInBelgium } from '@app/core/site/dates';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsCsvRows } from '../../services/figures/stats-csv.ts';
import { openFollowUp } from '../../test/follow-up-helpers.ts';
import { CookieJar, createStaffMember, postForm } from '../../test/staff-helpers.ts';
import { postReport, reportPayload, SEEDED, solveAltcha } from '../../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

/**
 * Support given (decision 0053): needs, services and the sealed safety plan written and audited
 * by a coordinator, refused to a viewer, never shown to one; the question asked once in the
 * reporter's thread when the case closes; answered through the API and the plain form; counted
 * in the statistics, a small bucket withheld. Each test finds its report by a marker of its own.
 */
describe('support given, and the reporter’s answer', () => {
  let server: TestServer;
  let cora: StaffIdentity;
  let vera: StaffIdentity;
  beforeAll(async () => {
    // Eight reports from one address within the hour: more than the default limit of five.
    server = await startTestServer({ REPORTS_PER_HOUR_PER_IP: '50' });
    cora = (await createStaffMember(server, 'coordinator', 'Cora Support')).staff;
    vera = (await createStaffMember(server, 'viewer', 'Vera Support')).staff;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const ops = (actor: StaffIdentity) => server.services.operationsFor(actor);
  const query = <Row extends Record<string, unknown>>(sql: string, values: unknown[] = []) =>
    server.database.pool.query<Row>(sql, values);
  const auditOf = async (reportId: string, action: string) =>
    (
      await query<{ details: Record<string, unknown>; actor_kind: string }>(
        'select details, actor_kind from audit_event where subject_id = $1 and action = $2 order by id',
        [reportId, action],
      )
    ).rows;

  /** A report sent through the API with its marker, opened with its receipt. */
  async function reportWithReceipt(marker: string) {
    const sent = await postReport(server.baseUrl, {
      payload: reportPayload({ language: 'en', sharingConsent: 'yes', description: `${SEEDED.description} ${marker}` }),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(sent.status).toBe(201);
    const jar = new CookieJar();
    expect((await openFollowUp(server.baseUrl, sent.body.receipt ?? '', jar)).status).toBe(200);
    const { rows } = await query<{ id: string; description: string }>(
      'select id, description from report order by created_at desc limit 50',
    );
    const id = rows.find((row) => server.services.encryption.openText(row.description).includes(marker))?.id;
    if (!id) throw new Error(`no report carries ${marker}`);
    const view = async () => {
      const state = await server.services.followUp.view(jar.header());
      if (state.state !== 'open') throw new Error(`the follow-up session is ${state.state}`);
      return state.thread;
    };
    return { id, jar, view };
  }

  async function close(id: string) {
    const reports = ops(cora).reports;
    await reports.changeStatus(id, { from: 'new', to: 'in_review' });
    await reports.changeStatus(id, { from: 'in_review', to: 'rejected', reason: 'not_antisemitic' });
    await reports.changeStatus(id, { from: 'rejected', to: 'closed' });
  }

  it('writes needs, a service and the safety plan, audited without their words; the plan sealed', async () => {
    const marker = `support-write-${Date.now()}`;
    const { id } = await reportWithReceipt(marker);
    const plan = `Veilige route langs de Meir ${marker}`;
    const support = ops(cora).support;
    await support.setNeeds(id, { revision: '1', needs: ['legal', 'safety-advice'] });
    await expect(support.setNeeds(id, { revision: '1', needs: ['legal'] })).rejects.toMatchObject({
      code: 'support.conflict',
    });
    await expect(support.setNeeds(id, { revision: '2', needs: ['nonsense'] })).rejects.toMatchObject({
      code: 'support.invalidChoice',
    });
    await expect(
      support.addService(id, {
        need: 'psychological',
        description: 'x',
        provider: 'staff',
        member: cora.id,
        givenOn: '2026-01-05',
      }),
    ).rejects.toMatchObject({ code: 'support.needNotRaised' });
    await expect(
      support.addService(id, { need: 'legal', description: 'Advies', provider: 'staff', givenOn: '2026-01-05' }),
    ).rejects.toMatchObject({ code: 'support.providerRequired' });
    await support.addService(id, {
      need: 'legal',
      description: `Juridisch advies gegeven ${marker}`,
      provider: 'staff',
      member: cora.id,
      givenOn: '2026-01-05',
    });
    // A need with a service given stays.
    await expect(support.setNeeds(id, { revision: '2', needs: ['safety-advice'] })).rejects.toMatchObject({
      code: 'support.needInUse',
    });
    await support.setSafetyPlan(id, { revision: '2', plan });

    const shown = await support.forReport(id);
    expect(shown.needs.sort()).toEqual(['legal', 'safety-advice']);
    expect(shown.services).toMatchObject([{ need: 'legal', provider: 'staff', providerName: 'Cora Support' }]);
    expect(shown.safetyPlan).toBe(plan);
    expect(shown.revision).toBe(3);

    // Sealed at rest: the words are nowhere in clear in the rows, nor in any audit row.
    const rows = await query<{ plan: string | null; descriptions: string }>(
      `select (select safety_plan from report_support where report_id = $1) as plan,
              (select string_agg(description, ' ') from support_service where report_id = $1) as descriptions`,
      [id],
    );
    expect(rows.rows[0]?.plan).toBeTruthy();
    expect(rows.rows[0]?.plan).not.toContain(marker);
    expect(rows.rows[0]?.descriptions).not.toContain(marker);
    const audit = await query<{ n: number }>(
      `select count(*)::int as n from audit_event where subject_id = $1 and details::text like '%' || $2 || '%'`,
      [id, marker],
    );
    expect(audit.rows[0]?.n).toBe(0);
    expect(await auditOf(id, 'report.support-needs-changed')).toMatchObject([
      { details: { before: '', after: 'legal,safety-advice' } },
    ]);
    expect(await auditOf(id, 'report.support-service-added')).toMatchObject([
      { details: { need: 'legal', provider: 'staff', givenOn: '2026-01-05' } },
    ]);
    expect(await auditOf(id, 'report.safety-plan-changed')).toMatchObject([{ details: { empty: false } }]);
  });

  it('withdraws a service recorded by mistake: kept, marked, audited without its reason, no longer counted', async () => {
    const marker = `support-withdraw-${Date.now()}`;
    const { id } = await reportWithReceipt(marker);
    const support = ops(cora).support;
    // A day of 2016 that no other test gives support on: the statistics of that day are this test's.
    const day = '2016-02-03';
    await support.setNeeds(id, { revision: '1', needs: ['practical'] });
    const given = (description: string) =>
      support.addService(id, { need: 'practical', description, provider: 'staff', member: cora.id, givenOn: day });
    const { id: mistake } = await given(`Vervoer geregeld ${marker}`);
    await given('Boodschappen gebracht');
    const counted = async () =>
      (await ops(cora).stats.compute({ from: day, to: day }, 12)).support?.services.find(
        (entry) => entry.key === 'practical',
      )?.count;
    expect(await counted()).toBe(2);

    const reason = `Dubbel genoteerd ${marker}`;
    await expect(support.withdrawService(id, mistake, { reason: '  ' })).rejects.toMatchObject({
      code: 'support.withdrawalReasonRequired',
    });
    await expect(support.withdrawService(id, mistake, { reason: 'x'.repeat(301) })).rejects.toMatchObject({
      code: 'support.withdrawalReasonTooLong',
    });
    await expect(ops(vera).support.withdrawService(id, mistake, { reason })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(support.withdrawService(id, crypto.randomUUID(), { reason })).rejects.toMatchObject({
      code: 'support.serviceNotFound',
    });
    await support.withdrawService(id, mistake, { reason });
    await expect(support.withdrawService(id, mistake, { reason })).rejects.toMatchObject({
      code: 'support.alreadyWithdrawn',
    });

    // Still on the report, marked, with who and why; the reason sealed at rest; no longer counted.
    const shown = await support.forReport(id);
    expect(shown.services).toHaveLength(2);
    expect(shown.services.find((service) => service.id === mistake)?.withdrawn).toMatchObject({
      by: 'Cora Support',
      reason,
    });
    expect(shown.services.find((service) => service.id !== mistake)?.withdrawn).toBeNull();
    const [row] = (
      await query<{ withdrawal_reason: string; withdrawn_by: string }>(
        'select withdrawal_reason, withdrawn_by from support_service where id = $1',
        [mistake],
      )
    ).rows;
    expect(row?.withdrawn_by).toBe(cora.id);
    expect(row?.withdrawal_reason).not.toContain(marker);
    expect(await auditOf(id, 'report.support-service-withdrawn')).toEqual([
      { details: { serviceId: mistake, need: 'practical' }, actor_kind: 'member' },
    ]);
    expect(await counted()).toBe(1);
    // The database holds the pair: no reason without a withdrawal.
    await expect(
      query(`update support_service set withdrawn_at = null, withdrawn_by = null where id = $1`, [mistake]),
    ).rejects.toThrow(/support_service_withdraw/);
  });

  it('refuses a viewer every write, and never shows them the safety plan', async () => {
    const marker = `support-viewer-${Date.now()}`;
    const { id } = await reportWithReceipt(marker);
    await ops(cora).support.setNeeds(id, { revision: '1', needs: ['practical'] });
    await ops(cora).support.setSafetyPlan(id, { revision: '2', plan: `Plan ${marker}` });
    const viewer = ops(vera).support;
    await expect(viewer.setNeeds(id, { revision: '3', needs: [] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      viewer.addService(id, {
        need: 'practical',
        description: 'x',
        provider: 'staff',
        member: vera.id,
        givenOn: '2026-01-05',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(viewer.setSafetyPlan(id, { revision: '3', plan: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(viewer.forReport(id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // The presenter itself, for a viewer's role: no safety plan key at all.
    const { presentSupport } = await import('../presenters/support-presenter.ts');
    const sealed = server.services.encryption.sealText(`Plan ${marker}`);
    const forViewer = presentSupport(server.services.encryption, 'viewer', {
      support: { id, reportId: id, safetyPlan: sealed, revision: 3, updatedBy: null, updatedAt: new Date() },
      needs: ['practical'],
      services: [],
      feedback: undefined,
      members: [],
      partners: [],
    });
    expect('safetyPlan' in forViewer).toBe(false);
    expect(JSON.stringify(forViewer)).not.toContain(marker);
    const denied = await query<{ n: number }>(
      `select count(*)::int as n from audit_event where action = 'access.denied' and actor_id = $1`,
      [vera.id],
    );
    expect(denied.rows[0]?.n).toBeGreaterThanOrEqual(4);
    expect((await ops(cora).support.forReport(id)).revision).toBe(3);
  });

  it('asks the reporter once when the case closes, and takes their answer through the API once', async () => {
    const marker = `support-ask-${Date.now()}`;
    const { id, jar, view } = await reportWithReceipt(marker);
    expect((await view()).support).toBeNull();
    await close(id);
    const thread = await view();
    expect(thread.support).toMatchObject({ answeredAt: null, rating: null });
    const questions = thread.messages.filter((message) => message.systemText === 'support-question');
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({ author: 'system', body: null });
    // Staff see the same message, named as the question.
    const detail = await ops(cora).reports.open(id);
    expect(detail.thread?.messages.filter((message) => message.systemText === 'support-question')).toHaveLength(1);
    expect(await auditOf(id, 'report.support-question-asked')).toHaveLength(1);

    // Closed again after a reopening: not asked twice.
    await ops(cora).reports.changeStatus(id, { from: 'closed', to: 'in_review' });
    await ops(cora).reports.changeStatus(id, { from: 'in_review', to: 'rejected', reason: 'not_antisemitic' });
    await ops(cora).reports.changeStatus(id, { from: 'rejected', to: 'closed' });
    expect((await view()).messages.filter((message) => message.systemText === 'support-question')).toHaveLength(1);
    expect((await query('select 1 from support_feedback where report_id = $1', [id])).rowCount).toBe(1);

    const answer = (body: Record<string, unknown>, cookie = jar.header()) =>
      fetch(`${server.baseUrl}/api/follow-up/support-answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
        body: JSON.stringify(body),
      });
    const refused = await answer({ rating: 7 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: { code: 'BAD_REQUEST' } });
    expect((await answer({ rating: 4 }, '')).status).toBe(401);
    const words = `Ze hebben me goed geholpen ${marker}`;
    expect((await answer({ rating: 4, words })).status).toBe(200);
    expect((await answer({ rating: 1 })).status).toBe(409);
    expect((await view()).support).toMatchObject({ rating: 4 });
    const stored = await query<{ rating: number; words: string }>(
      'select rating, words from support_feedback where report_id = $1',
      [id],
    );
    expect(stored.rows[0]?.rating).toBe(4);
    expect(stored.rows[0]?.words).not.toContain(marker);
    expect(server.services.encryption.openText(stored.rows[0]?.words ?? '')).toBe(words);
    expect((await ops(cora).support.forReport(id)).feedback).toMatchObject({ rating: 4, words });
    const answered = await auditOf(id, 'report.support-answered');
    expect(answered).toMatchObject([{ actor_kind: 'reporter', details: {} }]);
  });

  it('takes the answer through the plain form, without JavaScript', async () => {
    const marker = `support-plain-${Date.now()}`;
    const { id, jar, view } = await reportWithReceipt(marker);
    // Not asked yet: refused with the page's sentence.
    const early = await postForm(server, '/api/follow-up/support-answer', { language: 'he', rating: '2' }, jar);
    expect(early.status).toBe(303);
    expect(early.headers.get('location')).toBe('/he/follow-up?supportError=SUPPORT_NOT_OPEN#support-question');
    await close(id);
    const missing = await postForm(server, '/api/follow-up/support-answer', { language: 'he', words: 'x' }, jar);
    expect(missing.headers.get('location')).toBe('/he/follow-up?supportError=SUPPORT_RATING_REQUIRED#support-question');
    const sent = await postForm(
      server,
      '/api/follow-up/support-answer',
      { language: 'he', rating: '2', words: '' },
      jar,
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/he/follow-up?support=answered#support-question');
    expect((await view()).support).toMatchObject({ rating: 2 });
    expect((await query('select words from support_feedback where report_id = $1', [id])).rows[0]).toEqual({
      words: null,
    });
    // The page without JavaScript shows the answer, not the form.
    const page = await fetch(`${server.baseUrl}/he/follow-up?support=answered`, { headers: { cookie: jar.header() } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="support-answered"');
  });

  it('counts the answers in the statistics, a rating given by fewer than the threshold withheld', async () => {
    const ratings = [1, 5, 5, 5];
    for (const [index, rating] of ratings.entries()) {
      const { id, jar } = await reportWithReceipt(`support-stats-${index}-${Date.now()}`);
      await ops(cora).support.setNeeds(id, { revision: '1', needs: ['psychological'] });
      await close(id);
      const sent = await postForm(
        server,
        '/api/follow-up/support-answer',
        { language: 'en', rating: String(rating) },
        jar,
      );
      expect(sent.headers.get('location')).toBe('/follow-up?support=answered#support-question');
    }
    const raw = await query<{ rating: number; n: number }>(
      'select rating, count(*)::int as n from support_feedback where rating is not null group by rating',
    );
    const counts = new Map(raw.rows.map((row) => [row.rating, row.n]));
    const today = todayInBelgium();
    for (const actor of [cora, vera]) {
      const { support } = await ops(actor).stats.compute({ from: today, to: today }, 12);
      if (!support) throw new Error('no support figures');
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      expect(support.answers.total).toEqual({ kind: 'value', value: total });
      // Given once only (this test): fewer than the threshold, never its number.
      expect(counts.get(1)).toBe(1);
      expect(support.answers.distribution[0]).toEqual({ rating: 1, count: { kind: 'fewer' } });
      expect(support.answers.distribution[4]).toEqual({ rating: 5, count: { kind: 'value', value: counts.get(5) } });
      expect(support.needs.find((entry) => entry.key === 'psychological')?.count).toBeGreaterThanOrEqual(4);
      expect(JSON.stringify(support)).not.toMatch(/support-stats/);

      // The CSV download: the same figures in the same protection, a hidden count never its number.
      const csv = statsCsvRows(await ops(actor).stats.export({ from: today, to: today }, 12));
      const rating = (value: number) =>
        csv.find(([section, key]) => section === 'support_answer_rating' && key === String(value));
      expect(csv).toContainEqual(['support_answers', 'all', total, '']);
      expect(rating(1)).toEqual(['support_answer_rating', '1', 'fewer_than_3', total]);
      expect(rating(5)).toEqual(['support_answer_rating', '5', counts.get(5), total]);
      const needs = csv.find(([section, key]) => section === 'support_need' && key === 'psychological');
      expect(needs?.[2]).toBe(support.needs.find((entry) => entry.key === 'psychological')?.count);
      expect(JSON.stringify(csv)).not.toMatch(/support-stats/);
    }
  });
});
