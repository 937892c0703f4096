import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { classifyIncidentOf } from '../../test/classification-helpers.ts';
import { useSiteWithStaff } from '../../test/site-with-staff.ts';
import { storeReport } from '../../test/stored-report.ts';
import type { TestServer } from '../../test/test-server.ts';

/**
 * Decision 0047: staff record the arrondissement with the place, and choose how precisely the
 * public list shows the date and the place; the operation checks both, the database too, and the
 * choice is in the publication's audit row. Each report here carries its own municipality marker.
 */

let server: TestServer;
let cora: StaffIdentity;
let viewer: StaffIdentity;
const MARK = `Precision-${Date.now().toString(36)}`;
const reports = () => server.services.operationsFor(cora).reports;

async function verified(place: { municipality: string; province: string; arrondissement?: string }): Promise<string> {
  const reportId = await storeReport(server.services, { type: 'verbal' });
  await reports().changeStatus(reportId, { from: 'new', to: 'in_review' });
  await classifyIncidentOf(reports(), reportId);
  await reports().changeStatus(reportId, { from: 'in_review', to: 'verified', ...place });
  return reportId;
}

const summary = { summaries: { nl: 'Scheldwoorden op straat.' }, originalLanguage: 'nl' };

useSiteWithStaff({ cora: ['coordinator', 'Cora'], viewer: ['viewer', 'Vera'] }, (site) => {
  server = site.server;
  cora = site.staff.cora;
  viewer = site.staff.viewer;
});

describe('the arrondissement with the place', () => {
  it('is recorded on verification, and refused when it is not in the province', async () => {
    const id = await verified({ municipality: `${MARK}-a`, province: 'antwerp', arrondissement: 'mechelen' });
    expect(await reports().open(id)).toMatchObject({ province: 'antwerp', arrondissement: 'mechelen' });

    const reportId = await storeReport(server.services, { type: 'verbal' });
    await reports().changeStatus(reportId, { from: 'new', to: 'in_review' });
    await classifyIncidentOf(reports(), reportId);
    const change = { from: 'in_review', to: 'verified', municipality: `${MARK}-b`, province: 'limburg' };
    await expect(reports().changeStatus(reportId, { ...change, arrondissement: 'gent' })).rejects.toMatchObject({
      code: 'casework.arrondissementNotInProvince',
    });
    await expect(reports().changeStatus(reportId, { ...change, arrondissement: 'atlantis' })).rejects.toMatchObject({
      code: 'casework.invalidChoice',
    });
    // Elsewhere in Belgium has none, and an old incident may have none.
    await expect(
      reports().changeStatus(reportId, { ...change, province: 'elsewhere_in_belgium', arrondissement: 'gent' }),
    ).rejects.toMatchObject({ code: 'casework.arrondissementNotInProvince' });
    expect(await reports().changeStatus(reportId, { ...change, arrondissement: '' })).toBeUndefined();
    expect(await reports().open(reportId)).toMatchObject({ province: 'limburg', arrondissement: null });
  });
});

describe('publishing at a precision', () => {
  it('writes the precision chosen and names it in the audit row of the publication', async () => {
    const id = await verified({ municipality: `${MARK}-c`, province: 'east_flanders', arrondissement: 'gent' });
    const place = { municipality: `${MARK}-c`, province: 'east_flanders', arrondissement: 'gent' };
    expect(
      await reports().publish(id, { ...place, ...summary, datePrecision: 'week', placePrecision: 'municipality' }),
    ).toBeUndefined();
    expect((await reports().open(id)).publication).toMatchObject({
      arrondissement: 'gent',
      datePrecision: 'week',
      placePrecision: 'municipality',
    });
    const { rows } = await server.database.pool.query<{ details: Record<string, string> }>(
      `select details from audit_event where action = 'report.published' and subject_id = $1`,
      [id],
    );
    expect(rows.map((row) => [row.details.datePrecision, row.details.placePrecision])).toEqual([
      ['week', 'municipality'],
    ]);
  });

  it('defaults to month and arrondissement, or province when no arrondissement is recorded', async () => {
    const withOne = await verified({ municipality: `${MARK}-d`, province: 'limburg', arrondissement: 'hasselt' });
    await reports().publish(withOne, {
      municipality: `${MARK}-d`,
      province: 'limburg',
      arrondissement: 'hasselt',
      ...summary,
    });
    expect((await reports().open(withOne)).publication).toMatchObject({
      datePrecision: 'month',
      placePrecision: 'arrondissement',
    });
    const without = await verified({ municipality: `${MARK}-e`, province: 'elsewhere_in_belgium' });
    await reports().publish(without, { municipality: `${MARK}-e`, province: 'elsewhere_in_belgium', ...summary });
    expect((await reports().open(without)).publication).toMatchObject({
      datePrecision: 'month',
      placePrecision: 'province',
    });
  });

  it('refuses an unknown precision, a place finer than the province without its arrondissement, and a viewer', async () => {
    const id = await verified({ municipality: `${MARK}-f`, province: 'west_flanders', arrondissement: 'ieper' });
    const place = { municipality: `${MARK}-f`, province: 'west_flanders', arrondissement: 'ieper' };
    await expect(reports().publish(id, { ...place, ...summary, datePrecision: 'hour' })).rejects.toMatchObject({
      code: 'casework.invalidChoice',
    });
    await expect(reports().publish(id, { ...place, ...summary, placePrecision: 'street' })).rejects.toMatchObject({
      code: 'casework.invalidChoice',
    });
    await expect(
      reports().publish(id, { ...place, arrondissement: '', ...summary, placePrecision: 'municipality' }),
    ).rejects.toMatchObject({ code: 'casework.arrondissementRequired' });
    await expect(reports().publish(id, { ...place, arrondissement: 'leuven', ...summary })).rejects.toMatchObject({
      code: 'casework.arrondissementNotInProvince',
    });
    await expect(
      server.services.operationsFor(viewer).reports.publish(id, { ...place, ...summary }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Nothing was published, and no audit row says otherwise.
    expect((await reports().open(id)).publication).toBeNull();
    const { rows } = await server.database.pool.query(
      `select 1 from audit_event where action = 'report.published' and subject_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('the database', () => {
  it('checks the closed sets, that the arrondissement is in the province, and province only without one', async () => {
    const id = await verified({ municipality: `${MARK}-g`, province: 'antwerp', arrondissement: 'turnhout' });
    await reports().publish(id, {
      municipality: `${MARK}-g`,
      province: 'antwerp',
      arrondissement: 'turnhout',
      ...summary,
    });
    const { rows } = await server.database.pool.query<{ incident_id: string }>(
      'select incident_id from report where id = $1',
      [id],
    );
    const incidentId = rows[0]?.incident_id;
    const refused = async (sql: string, constraint: string) =>
      await expect(server.database.pool.query(sql, [incidentId])).rejects.toMatchObject({ constraint });
    await refused(`update incident set arrondissement = 'gent' where id = $1`, 'incident_arrondissement_in_province');
    await refused(`update incident set arrondissement = 'atlantis' where id = $1`, 'incident_arrondissement_check');
    // Never an arrondissement without a province (a row comparison with a null would let it pass).
    await refused(
      `update incident set municipality = null, province = null, arrondissement = 'turnhout' where id = $1`,
      'incident_arrondissement_in_province',
    );
    await refused(
      `update public_incident set arrondissement = 'gent' where incident_id = $1`,
      'public_incident_arrondissement_in_province',
    );
    await refused(
      `update public_incident set date_precision = 'hour' where incident_id = $1`,
      'public_incident_date_precision_check',
    );
    await refused(
      `update public_incident set place_precision = 'street' where incident_id = $1`,
      'public_incident_place_precision_check',
    );
    await refused(
      `update public_incident set arrondissement = null, place_precision = 'municipality' where incident_id = $1`,
      'public_incident_place_precision_recorded',
    );
    // Province only without an arrondissement (an old row) is allowed.
    await server.database.pool.query(
      `update public_incident set arrondissement = null, place_precision = 'province' where incident_id = $1`,
      [incidentId],
    );
  });
});
