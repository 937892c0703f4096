import { randomUUID } from 'node:crypto';
import { isAppError } from '@app/core/errors/app-error';
import { RECEIPT_DIGITS } from '@app/core/forms/follow-up';
import { validateReport } from '@app/core/forms/report.schema';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitReport } from '../../services/intake/submit-report.ts';
import { classifyIncidentOf } from '../../test/classification-helpers.ts';
import { openFollowUp } from '../../test/follow-up-helpers.ts';
import { CookieJar, createStaffMember } from '../../test/staff-helpers.ts';
import { reportPayload } from '../../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

/**
 * Reports from other channels (issue 25 item 3, decision 0051): a coordinator records what came by
 * phone, in person…, with the web form's fields, rules and sealing, and a receipt if wanted. Each
 * test finds its own rows by a member made for it (`recorded_by`) or by its own identity words.
 */

let server: TestServer;
let admin: StaffIdentity;

const query = async <T>(sql: string, values: unknown[] = []) =>
  (await server.database.pool.query(sql, values)).rows as T[];

/** A coordinator of this test's own: what they recorded is this test's, and nobody else's. */
async function newCoordinator(name: string) {
  return (await createStaffMember(server, 'coordinator', name)).staff;
}

/** The web form's fields, as a browser sends them, with this test's own words. */
function payload(marker: string, overrides: Record<string, unknown> = {}) {
  return reportPayload({
    language: 'he',
    firstName: `Ruth${marker}`,
    lastName: `Levi${marker}`,
    phone: '0470 11 22 33',
    email: `ruth-${marker}@example.be`,
    location: `Kerkstraat ${marker}, Antwerpen`,
    description: `Phoned in: shouted at on the tram ${marker}`,
    date: '2026-10-02',
    sharingConsent: 'yes',
    ...overrides,
  });
}

const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'done',
    (error: unknown) => (isAppError(error) ? { code: error.code, fields: error.details.fields } : error),
  );

const recordedBy = (member: StaffIdentity) =>
  query<{ id: string; source: string; receipt_hash: string | null; incident_id: string; spam_check: string }>(
    'select id, source, receipt_hash, incident_id, spam_check from report where recorded_by = $1',
    [member.id],
  );

beforeAll(async () => {
  server = await startTestServer();
  ({ staff: admin } = await createStaffMember(server, 'admin', 'Adina'));
});

afterAll(async () => {
  await server?.close();
});

describe('a coordinator records a report from another channel', () => {
  it('records a phone report with a receipt: its own incident, audited without personal data, and the receipt opens only its thread', async () => {
    const marker = randomUUID().slice(0, 8);
    const cora = await newCoordinator(`Cora ${marker}`);
    const reports = server.services.operationsFor(cora).reports;
    const recorded = await reports.record({ report: payload(marker), source: 'phone', receipt: true });
    expect(recorded.receipt).toMatch(new RegExp(`^\\d{${RECEIPT_DIGITS}}$`));

    const [row] = await recordedBy(cora);
    expect(row).toMatchObject({ id: recorded.reportId, source: 'phone', spam_check: 'staff-recorded' });
    expect(row?.receipt_hash).toBeTruthy();
    // Its own incident, as a web report gets (the trigger of decision 0037).
    const [incident] = await query<{ reports: number }>(
      'select count(*)::int as reports from report where incident_id = $1',
      [row?.incident_id],
    );
    expect(incident?.reports).toBe(1);

    // The audit row, in the transaction: the source and whether a receipt was made, nothing personal.
    const audit = await query<{ action: string; actor_id: string; details: Record<string, unknown> }>(
      `select action, actor_id, details from audit_event where subject_id = $1 and action = 'report.recorded'`,
      [recorded.reportId],
    );
    expect(audit).toEqual([
      { action: 'report.recorded', actor_id: cora.id, details: { source: 'phone', receipt: true } },
    ]);

    // The page shows the source and who recorded it.
    const detail = await reports.open(recorded.reportId);
    expect(detail).toMatchObject({ source: 'phone', recordedBy: { id: cora.id, name: `Cora ${marker}` } });
    expect(detail.description).toBe(`Phoned in: shouted at on the tram ${marker}`);
    expect(await reports.revealReporter(recorded.reportId)).toMatchObject({
      firstName: `Ruth${marker}`,
      email: `ruth-${marker}@example.be`,
    });

    // The follow-up page takes the receipt like any other, and opens this report's thread only.
    const web = validateReport(payload(`${marker}web`, { language: 'nl' }));
    if (!web.success) throw new Error(JSON.stringify(web.errors));
    const other = await submitReport(server.services, web.data, [], { isQuarantined: false });
    await reports.reply(recorded.reportId, `For the caller ${marker}`);
    await reports.reply(other.reportId, `For the web reporter ${marker}`);
    const jar = new CookieJar();
    const opened = await openFollowUp(server.baseUrl, recorded.receipt ?? '', jar);
    expect(opened.status).toBe(200);
    expect(await server.services.followUp.reportOf(jar.header())).toBe(recorded.reportId);
    const view = await server.services.followUp.view(jar.header());
    if (view.state !== 'open') throw new Error(`follow-up answered ${view.state}`);
    const bodies = view.thread.messages.map((message) => message.body);
    expect(bodies).toContain(`For the caller ${marker}`);
    expect(bodies).not.toContain(`For the web reporter ${marker}`);
    expect(view.thread.consent).toBe('yes');
  });

  it('makes no receipt when none is wanted, and keeps an anonymous person anonymous', async () => {
    const marker = randomUUID().slice(0, 8);
    const cora = await newCoordinator(`Cora ${marker}`);
    const anonymous = payload(marker, {
      anonymous: true,
      firstName: undefined,
      lastName: undefined,
      phone: undefined,
      email: undefined,
      address: undefined,
    });
    const recorded = await server.services
      .operationsFor(cora)
      .reports.record({ report: anonymous, source: 'in_person', receipt: false });
    expect(recorded.receipt).toBeNull();
    const [row] = await query<{ receipt_hash: string | null; is_anonymous: boolean; personal_data: string | null }>(
      'select receipt_hash, is_anonymous, personal_data from report where recorded_by = $1',
      [cora.id],
    );
    expect(row).toEqual({ receipt_hash: null, is_anonymous: true, personal_data: null });
  });

  it('keeps the identity sealed: the row holds none of it in clear', async () => {
    const marker = randomUUID().slice(0, 8);
    const cora = await newCoordinator(`Cora ${marker}`);
    await server.services
      .operationsFor(cora)
      .reports.record({ report: payload(marker), source: 'whatsapp', receipt: true });
    const [row] = await query<{ line: string }>(
      'select row_to_json(r)::text as line from report r where r.recorded_by = $1',
      [cora.id],
    );
    expect(row?.line).toBeTruthy();
    for (const clear of [`Ruth${marker}`, `Levi${marker}`, `ruth-${marker}@example.be`, '0470 11 22 33', marker]) {
      expect(row?.line.includes(clear), `the row shows "${clear}"`).toBe(false);
    }
  });

  it('lists, filters and exports the report by its source', async () => {
    const marker = randomUUID().slice(0, 8);
    const cora = await newCoordinator(`Cora ${marker}`);
    const reports = server.services.operationsFor(cora).reports;
    // A date of this test's own, so that the filter's page holds only its report.
    const { reportId } = await reports.record({
      report: payload(marker, { date: '2018-05-17' }),
      source: 'patrol',
      receipt: false,
    });
    const filter = { from: '2018-05-17', to: '2018-05-17', sort: 'received-desc', page: 1 } as const;
    const patrol = await reports.list({ ...filter, source: 'patrol' });
    expect(patrol.items.map((item) => [item.id, item.source])).toEqual([[reportId, 'patrol']]);
    expect((await reports.list({ ...filter, source: 'web' })).items).toEqual([]);
    const rows = await reports.export({ ...filter, source: 'patrol' });
    expect(rows.map((row) => [row.id, row.source])).toEqual([[reportId, 'patrol']]);
  });

  it('says that no automatic check applied, and the list filters and exports by it (decision 0057)', async () => {
    const marker = randomUUID().slice(0, 8);
    const cora = await newCoordinator(`Cora ${marker}`);
    const reports = server.services.operationsFor(cora).reports;
    // A day of this test's own: a recorded e-mail and a web report of the same day.
    const day = '2018-06-21';
    const recorded = await reports.record({ report: payload(marker, { date: day }), source: 'email', receipt: false });
    const web = validateReport(payload(`${marker}web`, { date: day, language: 'nl' }));
    if (!web.success) throw new Error(JSON.stringify(web.errors));
    const sent = await submitReport(server.services, web.data, [], { isQuarantined: false });
    const filter = { from: day, to: day, sort: 'received-desc', page: 1 } as const;
    const listed = async (spamCheck: 'proof-of-work' | 'form-token' | 'staff-recorded') =>
      (await reports.list({ ...filter, spamCheck })).items.map((item) => [item.id, item.spamCheck, item.source]);
    expect(await listed('staff-recorded')).toEqual([[recorded.reportId, 'staff-recorded', 'email']]);
    expect(await listed('proof-of-work')).toEqual([[sent.reportId, 'proof-of-work', 'web']]);
    expect(await listed('form-token')).toEqual([]);
    expect((await reports.open(recorded.reportId)).spamCheck).toBe('staff-recorded');
    const rows = await reports.export({ ...filter, spamCheck: 'staff-recorded' });
    expect(rows.map((row) => [row.id, row.spamCheck])).toEqual([[recorded.reportId, 'staff-recorded']]);
    // The database holds it: a report from the web form never says it.
    const wrong = server.database.pool.query("update report set spam_check = 'staff-recorded' where id = $1", [
      sent.reportId,
    ]);
    await expect(wrong).rejects.toMatchObject({ constraint: 'report_staff_recorded_not_web' });
  });
});

describe('what recording refuses', () => {
  it('refuses a viewer, and writes nothing', async () => {
    const { staff: victor } = await createStaffMember(server, 'viewer', 'Victor');
    const attempt = server.services
      .operationsFor(victor)
      .reports.record({ report: payload(randomUUID().slice(0, 8)), source: 'phone', receipt: true });
    expect(await refusal(attempt)).toEqual({ code: 'FORBIDDEN', fields: undefined });
    expect(await query('select 1 from report where recorded_by = $1', [victor.id])).toHaveLength(0);
    const denied = await query<{ details: Record<string, string> }>(
      `select details from audit_event where actor_id = $1 and action = 'access.denied'`,
      [victor.id],
    );
    expect(denied).toEqual([{ details: { permission: 'reports:record', role: 'viewer' } }]);
  });

  it('answers an invalid field with the web form’s own code, every problem at once, and writes nothing', async () => {
    const marker = randomUUID().slice(0, 8);
    const cora = await newCoordinator(`Cora ${marker}`);
    const attempt = server.services.operationsFor(cora).reports.record({
      report: payload(marker, { date: '2999-01-01', email: 'not an address' }),
      source: 'carrier-pigeon',
      receipt: true,
    });
    expect(await refusal(attempt)).toEqual({
      code: 'VALIDATION_FAILED',
      fields: { date: 'futureDate', email: 'invalidEmail', source: 'invalidChoice' },
    });
    // The same rules as the web form: its own check gives the same codes.
    const web = validateReport(payload(marker, { date: '2999-01-01', email: 'not an address' }));
    expect(web.success ? {} : web.errors).toEqual({ date: 'futureDate', email: 'invalidEmail' });
    expect(
      await refusal(
        server.services.operationsFor(cora).reports.record({ report: payload(marker), source: '', receipt: true }),
      ),
    ).toEqual({ code: 'VALIDATION_FAILED', fields: { source: 'required' } });
    // The web form is not a channel staff record from.
    expect(
      await refusal(
        server.services.operationsFor(cora).reports.record({ report: payload(marker), source: 'web', receipt: true }),
      ),
    ).toEqual({ code: 'VALIDATION_FAILED', fields: { source: 'invalidChoice' } });
    expect(await recordedBy(cora)).toHaveLength(0);
    expect(
      await query(`select 1 from audit_event where actor_id = $1 and action = 'report.recorded'`, [cora.id]),
    ).toHaveLength(0);
  });

  it('the database refuses a source outside the set, and a staff source without its member', async () => {
    const marker = randomUUID().slice(0, 8);
    const cora = await newCoordinator(`Cora ${marker}`);
    const { reportId } = await server.services
      .operationsFor(cora)
      .reports.record({ report: payload(marker), source: 'email', receipt: false });
    const refused = (sql: string) =>
      server.database.pool.query(sql, [reportId]).then(
        () => 'written',
        (error: { code?: string; constraint?: string }) => ({ code: error.code, constraint: error.constraint }),
      );
    expect(await refused(`update report set source = 'carrier-pigeon' where id = $1`)).toEqual({
      code: '23514',
      constraint: 'report_source_check',
    });
    expect(await refused('update report set recorded_by = null where id = $1')).toEqual({
      code: '23514',
      constraint: 'report_recorded_by_staff',
    });
    expect(await refused(`update report set source = 'web' where id = $1`)).toEqual({
      code: '23514',
      constraint: 'report_recorded_by_staff',
    });
    expect(await refused(`update report set recorded_by = 'nobody-${marker}' where id = $1`)).toEqual({
      code: '23503',
      constraint: 'report_recorded_by_staff_user_id_fk',
    });
  });
});

describe('statistics by source', () => {
  it('counts a recorded incident once, under its source, like any other', async () => {
    const marker = randomUUID().slice(0, 8);
    const cora = await newCoordinator(`Cora ${marker}`);
    const reports = server.services.operationsFor(cora).reports;
    // Dates of this test's own: the statistics' range holds only its incidents.
    const day = '2017-03-14';
    const { reportId: phoned } = await reports.record({
      report: payload(marker, { date: day }),
      source: 'phone',
      receipt: true,
    });
    const web = validateReport(payload(`${marker}w`, { date: day }));
    if (!web.success) throw new Error(JSON.stringify(web.errors));
    const { reportId: sent } = await submitReport(server.services, web.data, [], { isQuarantined: false });
    for (const id of [phoned, sent]) {
      await reports.changeStatus(id, { from: 'new', to: 'in_review' });
      await classifyIncidentOf(reports, id);
      await reports.changeStatus(id, {
        from: 'in_review',
        to: 'verified',
        municipality: 'Gent',
        province: 'east_flanders',
      });
    }
    const stats = await server.services.operationsFor(admin).stats.compute({ from: day, to: day }, 12);
    expect(stats.total).toBe(2);
    expect(stats.bySource).toEqual([
      { key: 'phone', count: 1 },
      { key: 'web', count: 1 },
    ]);
    // Linked into one incident: it counts once, under each way its reports came.
    const { incident } = await reports.open(sent);
    await reports.linkToIncident(phoned, {
      from: (await reports.open(phoned)).incident.id,
      target: sent,
    });
    const linked = await server.services.operationsFor(admin).stats.compute({ from: day, to: day }, 12);
    expect(linked.total).toBe(1);
    expect(linked.bySource).toEqual([
      { key: 'phone', count: 1 },
      { key: 'web', count: 1 },
    ]);
    expect((await reports.open(phoned)).incident.id).toBe(incident.id);
  });
});
