import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { caseworkHelpers, refusal } from '../../test/casework-helpers.ts';
import { classifyIncidentOf, verifyInReview } from '../../test/classification-helpers.ts';
import { useSiteWithStaff } from '../../test/site-with-staff.ts';
import type { TestServer } from '../../test/test-server.ts';

/**
 * Linking a report into another incident and splitting it out again (decision 0037): the rules,
 * the audit rows, and two members doing it at once.
 */

let server: TestServer;
let cora: StaffIdentity;
let chaim: StaffIdentity;
let victor: StaffIdentity;

const { ops, query, newReport, incidentOf } = caseworkHelpers(
  () => server,
  () => cora,
  '2025-04-10',
);

async function verify(id: string, municipality = 'Gent') {
  await ops().changeStatus(id, { from: 'new', to: 'in_review' });
  await verifyInReview(ops(), id, municipality);
}

/** Every incident counts exactly when one of its reports does, and none is left empty. */
async function expectConsistent() {
  const [state] = await query<{ wrong: number; empty: number }>(
    `select
       (select count(*)::int from incident i where i.counts <> exists (select 1 from report r
          where r.incident_id = i.id and report_counts(r.status, r.rejection_reason, r.is_quarantined))) as wrong,
       (select count(*)::int from incident i where not exists (select 1 from report r where r.incident_id = i.id)) as empty`,
  );
  expect(state).toEqual({ wrong: 0, empty: 0 });
}

useSiteWithStaff({ cora: ['coordinator', 'Cora'], chaim: ['admin', 'Chaim'], victor: ['viewer', 'Victor'] }, (site) => {
  server = site.server;
  cora = site.staff.cora;
  chaim = site.staff.chaim;
  victor = site.staff.victor;
});

describe('a report that arrives alone', () => {
  it('makes an incident of its own, of its date and type, in the same transaction', async () => {
    const id = await newReport({ date: '2025-04-01', type: 'online' });
    const [row] = await query<{ date: string; type: string; counts: boolean; reports: number }>(
      `select to_char(i.incident_date, 'YYYY-MM-DD') as date, i.incident_type as type, i.counts,
              (select count(*)::int from report r where r.incident_id = i.id) as reports
         from incident i join report r on r.incident_id = i.id where r.id = $1`,
      [id],
    );
    expect(row).toEqual({ date: '2025-04-01', type: 'online', counts: false, reports: 1 });
    const detail = await ops().open(id);
    expect(detail?.incident).toMatchObject({ counts: false, isPublished: false, otherReports: [] });
  });
});

describe('linking and splitting', () => {
  it('links a report into the incident of another, named by its number or its address, and splits it out again', async () => {
    const first = await newReport();
    const second = await newReport({ date: '2025-04-11' });
    await verify(first, 'Gent');
    const from = await incidentOf(second);
    await ops().linkToIncident(second, { from, target: `https://example.org/internal/reports/${first}` });
    const shared = await incidentOf(first);
    expect(await incidentOf(second)).toBe(shared);
    // The incident the report left had nothing else: it is gone.
    expect(await query('select 1 from incident where id = $1', [from])).toHaveLength(0);
    const detail = await ops().open(second);
    expect(detail?.incident).toMatchObject({ id: shared, counts: true });
    expect(detail?.incident.otherReports.map((other) => other.id)).toEqual([first]);
    expect(detail?.municipality).toBe('Gent');

    await ops().splitFromIncident(second, { from: shared });
    const own = await incidentOf(second);
    expect(own).not.toBe(shared);
    // The new incident takes the report's own date and type, and the place recorded so far.
    const [split] = await query<{ date: string; municipality: string; counts: boolean }>(
      `select to_char(incident_date, 'YYYY-MM-DD') as date, municipality, counts from incident where id = $1`,
      [own],
    );
    expect(split).toEqual({ date: '2025-04-11', municipality: 'Gent', counts: false });
    const audit = await query<{ action: string; actor_id: string; details: Record<string, string> }>(
      `select action, actor_id, details from audit_event where subject_id = $1 and action in ('report.linked', 'report.split') order by id`,
      [second],
    );
    expect(audit).toEqual([
      { action: 'report.linked', actor_id: cora.id, details: { from, to: shared, withReport: first, removed: from } },
      { action: 'report.split', actor_id: cora.id, details: { from: shared, to: own } },
    ]);
    await expectConsistent();
  });

  it('refuses with a clear code what cannot be done', async () => {
    const first = await newReport();
    const second = await newReport();
    const from = await incidentOf(second);
    const link = (target: string, shown = from) => refusal(ops().linkToIncident(second, { from: shown, target }));
    expect(await link('not a number')).toBe('casework.linkReportNotFound');
    expect(await link('00000000-0000-4000-8000-000000000000')).toBe('casework.linkReportNotFound');
    expect(await link(second)).toBe('casework.linkSameIncident');
    expect(await link(first, await incidentOf(first))).toBe('casework.conflict');
    expect(await refusal(ops().splitFromIncident(second, { from }))).toBe('casework.alreadyAlone');
    expect(await refusal(ops().linkToIncident('00000000-0000-4000-8000-000000000000', { from, target: first }))).toBe(
      'NOT_FOUND',
    );
    expect(await link(first)).toBe('done');
    expect(await link(first, await incidentOf(first))).toBe('casework.linkSameIncident');
    // A viewer may not, whatever the page did; the refusal is recorded.
    expect(await refusal(ops(victor).splitFromIncident(second, { from: await incidentOf(first) }))).toBe('FORBIDDEN');
    const denied = await query(
      `select 1 from audit_event where action = 'access.denied' and actor_id = $1 and details->>'permission' = 'incidents:link'`,
      [victor.id],
    );
    expect(denied).toHaveLength(1);
  });

  it('keeps a published incident counted: it is left neither empty nor without a verified report', async () => {
    const published = await newReport();
    const witness = await newReport();
    await verify(published);
    await verify(witness);
    const publication = {
      municipality: 'Gent',
      province: 'east_flanders',
      summaries: { nl: 'Samenvatting.' },
      originalLanguage: 'nl',
    };
    await ops().publish(published, publication);
    const incident = await incidentOf(published);
    await ops().linkToIncident(witness, { from: await incidentOf(witness), target: published });
    expect((await ops().open(witness))?.incident.isPublished).toBe(true);
    // One of two verified reports may go back to review: the incident still counts.
    await ops().changeStatus(published, { from: 'verified', to: 'in_review' });
    expect(await refusal(ops().changeStatus(witness, { from: 'verified', to: 'in_review' }))).toBe(
      'casework.publishedFirstUnpublish',
    );
    // The only verified report cannot leave it either, to another incident or to one of its own.
    const elsewhere = await newReport();
    expect(await refusal(ops().linkToIncident(witness, { from: incident, target: elsewhere }))).toBe(
      'casework.incidentPublished',
    );
    expect(await refusal(ops().splitFromIncident(witness, { from: incident }))).toBe('casework.incidentPublished');
    // The report in review may go: the incident keeps its verified one.
    await ops().splitFromIncident(published, { from: incident });
    expect((await ops().open(witness))?.incident).toMatchObject({ id: incident, counts: true, isPublished: true });
    // Alone now, the witness cannot take the incident with it; unpublished, it can.
    expect(await refusal(ops().linkToIncident(witness, { from: incident, target: elsewhere }))).toBe(
      'casework.incidentPublished',
    );
    await ops().unpublish(witness);
    expect(await refusal(ops().linkToIncident(witness, { from: incident, target: elsewhere }))).toBe('done');
    await expectConsistent();
  });
});

describe('two members at once', () => {
  it('link the same report into two incidents: one wins, the other gets conflict', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [report, one, two] = await Promise.all([newReport(), newReport(), newReport()]);
      const from = await incidentOf(report);
      const results = await Promise.all([
        refusal(ops(cora).linkToIncident(report, { from, target: one })),
        refusal(ops(chaim).linkToIncident(report, { from, target: two })),
      ]);
      expect(results.sort()).toEqual(['casework.conflict', 'done']);
      const linked = await query(`select 1 from audit_event where subject_id = $1 and action = 'report.linked'`, [
        report,
      ]);
      expect(linked).toHaveLength(1);
    }
    await expectConsistent();
  });

  it('split the same report: one wins, the other gets conflict', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = await Promise.all([newReport(), newReport()]);
      await ops().linkToIncident(second, { from: await incidentOf(second), target: first });
      const from = await incidentOf(second);
      const results = await Promise.all([
        refusal(ops(cora).splitFromIncident(second, { from })),
        refusal(ops(chaim).splitFromIncident(second, { from })),
      ]);
      expect(results.sort()).toEqual(['casework.conflict', 'done']);
    }
    await expectConsistent();
  });

  it('link each report into the other’s incident: one wins, the other is told, nothing left empty', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = await Promise.all([newReport(), newReport()]);
      await verify(first);
      const [ofFirst, ofSecond] = await Promise.all([incidentOf(first), incidentOf(second)]);
      const results = await Promise.all([
        refusal(ops(cora).linkToIncident(first, { from: ofFirst, target: second })),
        refusal(ops(chaim).linkToIncident(second, { from: ofSecond, target: first })),
      ]);
      // The one who comes second finds the incident they read gone (conflict), or, if they read
      // after the first had linked, the two reports together already.
      expect(results).toContain('done');
      expect(results.filter((result) => result !== 'done')).toHaveLength(1);
      expect(['casework.conflict', 'casework.linkSameIncident']).toContain(results.find((result) => result !== 'done'));
      expect(await incidentOf(first)).toBe(await incidentOf(second));
    }
    await expectConsistent();
  });

  it('verify a report while another member links it elsewhere: no deadlock, and the counts stay right', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [report, other] = await Promise.all([newReport(), newReport()]);
      await ops().changeStatus(report, { from: 'new', to: 'in_review' });
      // Both incidents classified: the report is verified in whichever it is by then.
      await classifyIncidentOf(ops(), report);
      await classifyIncidentOf(ops(), other);
      const from = await incidentOf(report);
      const [verified, linked] = await Promise.all([
        refusal(
          ops(cora).changeStatus(report, {
            from: 'in_review',
            to: 'verified',
            municipality: 'Gent',
            province: 'east_flanders',
          }),
        ),
        refusal(ops(chaim).linkToIncident(report, { from, target: other })),
      ]);
      expect(verified).toBe('done');
      expect(linked).toBe('done');
      const [row] = await query<{ counts: boolean }>(
        'select counts from incident where id = (select incident_id from report where id = $1)',
        [other],
      );
      expect(row?.counts).toBe(true);
    }
    await expectConsistent();
  });
});
