import { isAppError } from '@app/core/errors/app-error';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { classifyIncidentOf } from '../test/classification-helpers.ts';
import { useSiteWithStaff } from '../test/site-with-staff.ts';
import { createStaffMember, postForm, signedInSession } from '../test/staff-helpers.ts';
import { storeReport } from '../test/stored-report.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * The trust core: a lost race is refused with a code (never a silent overwrite), a change and its
 * audit row are committed together or not at all, and an operation checks its permission itself.
 */

let server: TestServer;
let cora: StaffIdentity;
let chaim: StaffIdentity;

async function newReport(): Promise<string> {
  return storeReport(server.services);
}

async function reportInReview(): Promise<string> {
  const id = await newReport();
  expect(
    await server.services.operationsFor(cora).reports.changeStatus(id, { from: 'new', to: 'in_review' }),
  ).toBeUndefined();
  return id;
}

/** In review, its incident classified so that it may be verified (decision 0044). */
async function reportReadyToVerify(): Promise<string> {
  const id = await reportInReview();
  await classifyIncidentOf(server.services.operationsFor(cora).reports, id);
  return id;
}

/** The codes of the operations that refused, in order. */
const refusals = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { code?: unknown }).code] : []));

const count = async (sql: string, values: unknown[]) =>
  (await server.database.pool.query<{ n: number }>(sql, values)).rows[0]?.n;

useSiteWithStaff({ cora: ['coordinator', 'Cora'], chaim: ['coordinator', 'Chaim'] }, (site) => {
  server = site.server;
  cora = site.staff.cora;
  chaim = site.staff.chaim;
});

describe('two members acting at the same moment', () => {
  it('two coordinators decide on the same report at once: exactly one wins, the other gets conflict', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await reportReadyToVerify();
      const results = await Promise.allSettled([
        server.services.operationsFor(cora).reports.changeStatus(id, {
          from: 'in_review',
          to: 'verified',
          municipality: 'Gent',
          province: 'east_flanders',
        }),
        server.services
          .operationsFor(chaim)
          .reports.changeStatus(id, { from: 'in_review', to: 'rejected', reason: 'spam' }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(refusals(results)).toEqual(['casework.conflict']);
      const decided = await count(
        `select count(*)::int as n from report_status_change where report_id = $1 and from_status = 'in_review'`,
        [id],
      );
      expect(decided).toBe(1);
      const audited = await count(
        `select count(*)::int as n from audit_event where subject_id = $1 and action = 'report.status-changed'`,
        [id],
      );
      expect(audited).toBe(2);
    }
  });

  it('the page of the one who lost says so in their language and shows the report as it is now', async () => {
    const id = await reportReadyToVerify();
    const [first, second] = await Promise.all([
      signedInSession(server, 'coordinator'),
      signedInSession(server, 'coordinator'),
    ]);
    const verify = { intent: 'status-verified', from: 'in_review', municipality: 'Gent', province: 'east_flanders' };
    expect((await postForm(server, `/internal/reports/${id}`, verify, first.jar)).status).toBe(200);
    const lost = await postForm(
      server,
      `/internal/reports/${id}`,
      { intent: 'status-rejected', from: 'in_review', reason: 'spam' },
      second.jar,
    );
    expect(lost.status).toBe(409);
    const html = await lost.text();
    expect(html).toContain('Someone else changed this at the same time');
    expect((await server.services.operationsFor(cora).reports.open(id))?.status).toBe('verified');
  });

  it('publishing and taking a report back to review at once never leave a published report unverified', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await reportReadyToVerify();
      const reports = server.services.operationsFor(cora).reports;
      await reports.changeStatus(id, {
        from: 'in_review',
        to: 'verified',
        municipality: 'Gent',
        province: 'east_flanders',
      });
      const [published, reopened] = await Promise.allSettled([
        server.services.operationsFor(chaim).reports.publish(id, {
          municipality: 'Gent',
          province: 'east_flanders',
          originalLanguage: 'nl',
          summaries: { nl: 'Een man werd uitgescholden aan een tramhalte.' },
        }),
        reports.changeStatus(id, { from: 'verified', to: 'in_review' }),
      ]);
      const detail = await reports.open(id);
      if (detail?.publication) expect(detail.status).toBe('verified');
      expect([published, reopened].filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      // The other is refused by a rule of casework, never failed by the database.
      expect(refusals([published, reopened])).toEqual([expect.stringMatching(/^casework\./)]);
    }
  });

  it('two admins demote each other at once: one admin remains', async () => {
    const other = await startTestServer();
    try {
      const { staff: ada } = await createStaffMember(other, 'admin', 'Ada');
      const { staff: bea } = await createStaffMember(other, 'admin', 'Bea');
      const results = await Promise.allSettled([
        other.services.operationsFor(ada).staff.changeRole(bea.id, 'coordinator'),
        other.services.operationsFor(bea).staff.changeRole(ada.id, 'coordinator'),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(refusals(results)).toEqual([expect.stringMatching(/^staff\.(conflict|lastAdmin)$/)]);
      const admins = await other.database.pool.query(`select name from staff_user where role = 'admin' and not banned`);
      expect(admins.rows).toHaveLength(1);
      // The same holds for disabling: the remaining admin cannot be disabled by anyone.
      const [remaining] = admins.rows.map((row) => (row.name === 'Ada' ? ada : bea));
      await expect(other.services.commandLine.staff.setDisabled(remaining?.id ?? '', true)).rejects.toMatchObject({
        code: 'staff.lastAdmin',
      });
    } finally {
      await other.close();
    }
  });
});

describe('a change and its audit row', () => {
  /** A fault between the change and its audit row: the audit insert fails inside the transaction. */
  async function withFailingAudit(action: string, work: () => Promise<unknown>) {
    await server.database.pool.query(`create or replace function fail_audit() returns trigger language plpgsql as $$
      begin
        if new.action = '${action}' then raise exception 'injected fault before the audit row'; end if;
        return new;
      end $$`);
    await server.database.pool.query(
      'create trigger fail_audit before insert on audit_event for each row execute function fail_audit()',
    );
    try {
      await expect(work()).rejects.toThrow();
    } finally {
      await server.database.pool.query('drop trigger fail_audit on audit_event');
    }
  }

  it('are written together or not at all, for every kind of change', async () => {
    const id = await reportInReview();
    const reports = server.services.operationsFor(cora).reports;

    await withFailingAudit('report.status-changed', () =>
      reports.changeStatus(id, { from: 'in_review', to: 'rejected', reason: 'spam' }),
    );
    expect((await reports.open(id))?.status).toBe('in_review');
    expect(await count(`select count(*)::int as n from report_status_change where report_id = $1`, [id])).toBe(1);

    await withFailingAudit('report.note-added', () => reports.addNote(id, 'Teruggebeld.'));
    expect(await count(`select count(*)::int as n from report_note where report_id = $1`, [id])).toBe(0);

    await withFailingAudit('report.assigned', () => reports.assign(id, chaim.id));
    expect((await reports.open(id))?.assignedTo).toBeNull();

    await withFailingAudit('report.personal-data-viewed', () => reports.revealReporter(id));

    const { incident } = await reports.open(id);
    await withFailingAudit('incident.classified', () =>
      reports.classifyIncident(id, {
        incident: incident.id,
        revision: String(incident.revision),
        category: 'threats',
        manifestations: ['modern'],
        target: '',
        knownThrough: '',
        placeType: '',
        tags: [],
      }),
    );
    expect((await reports.open(id)).incident.classification.category).toBeNull();

    await withFailingAudit('report.legal-hold-set', () =>
      reports.setLegalHold(id, { reason: 'Zaak bij de rechtbank.' }),
    );
    expect(await count(`select count(*)::int as n from legal_hold where report_id = $1`, [id])).toBe(0);

    const { staff: admin } = await createStaffMember(server, 'admin', 'Ava');
    await withFailingAudit('staff.role-changed', () =>
      server.services.operationsFor(admin).staff.changeRole(chaim.id, 'viewer'),
    );
    expect(
      await count(`select count(*)::int as n from staff_user where id = $1 and role = 'coordinator'`, [chaim.id]),
    ).toBe(1);

    await withFailingAudit('content.edited', () =>
      server.services.operationsFor(cora).content.save('aboutUs', 'fr', 'Nous sommes des bénévoles.'),
    );
    expect(await count(`select count(*)::int as n from content_version where language = 'fr'`, [])).toBe(0);

    // Without the fault, each goes through with exactly one row.
    expect(await reports.changeStatus(id, { from: 'in_review', to: 'rejected', reason: 'spam' })).toBeUndefined();
    expect(await reports.addNote(id, 'Teruggebeld.')).toBeUndefined();
    const audited = await server.database.pool.query(
      // The changes' rows; the looks at the report (decision 0049) are not changes.
      `select action from audit_event where subject_id = $1 and action not in ('report.opened', 'report.file-opened') order by id`,
      [id],
    );
    expect(audited.rows.map((row) => row.action)).toEqual([
      'report.status-changed',
      'report.status-changed',
      'report.note-added',
    ]);
  });
});

describe('an operation checks its permission itself', () => {
  it('refuses a viewer with 403 and records it, whatever the caller did', async () => {
    const { staff: viewer } = await createStaffMember(server, 'viewer', 'Vera');
    const operations = server.services.operationsFor(viewer);
    const id = await newReport();
    const attempts: [string, () => Promise<unknown>][] = [
      ['reports.list', () => operations.reports.list({ sort: 'received-desc', page: 1 })],
      ['reports.open', () => operations.reports.open(id)],
      ['reports.revealReporter', () => operations.reports.revealReporter(id)],
      ['reports.changeStatus', () => operations.reports.changeStatus(id, { from: 'new', to: 'in_review' })],
      ['reports.export', () => operations.reports.export({ sort: 'received-desc', page: 1 })],
      ['reports.suggestedIncidents', () => operations.reports.suggestedIncidents(id)],
      [
        'reports.dismissSuggestion',
        () => operations.reports.dismissSuggestion(id, { from: crypto.randomUUID(), other: crypto.randomUUID() }),
      ],
      ['messages.list', () => operations.messages.list({ status: 'new', page: 1 })],
      ['content.save', () => operations.content.save('aboutUs', 'en', 'Hello')],
      ['staff.list', () => operations.staff.list()],
      ['staff.changeRole', () => operations.staff.changeRole(viewer.id, 'admin')],
      ['audit.list', () => operations.audit.list({ page: 1 })],
    ];
    for (const [name, attempt] of attempts) {
      const refusal = await attempt().then(
        () => undefined,
        (error: unknown) => error,
      );
      // The one failure: an AppError, never a Response or a result to check.
      expect(isAppError(refusal), name).toBe(true);
      expect(refusal, name).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    }
    // What a viewer may do still works: the figures (no personal data) and the dashboard.
    await expect(operations.stats.compute({ from: '2026-01-01', to: '2026-12-31' }, 12)).resolves.toMatchObject({
      range: { from: '2026-01-01', to: '2026-12-31' },
    });
    expect(
      await count(`select count(*)::int as n from staff_user where id = $1 and role = 'viewer'`, [viewer.id]),
    ).toBe(1);
    expect((await operations.dashboard()).latestMessages.every((message) => message.senderName === undefined)).toBe(
      true,
    );
    const denied = await count(
      `select count(*)::int as n from audit_event where action = 'access.denied' and actor_id = $1`,
      [viewer.id],
    );
    expect(denied).toBe(attempts.length);
  });
});
