import { createHash, randomUUID } from 'node:crypto';
import type { IncidentSuggestion } from '@app/core/casework/casework-api';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { normaliseOnlineAddress } from '../../crypto/online-addresses.ts';
import { hashMissingAddresses } from '../../services/casework/incident-suggestions.ts';
import { caseworkHelpers, refusal } from '../../test/casework-helpers.ts';
import { classifyIncidentOf } from '../../test/classification-helpers.ts';
import { useSiteWithStaff } from '../../test/site-with-staff.ts';
import { dumpDatabase, SEEDED } from '../../test/submission-helpers.ts';
import type { TestServer } from '../../test/test-server.ts';

/**
 * Suggested links between incidents (decision 0043): the matching rules, dismissals, the keyed
 * hashes of online addresses (and nothing else stored), and who may see and act on them.
 */

let server: TestServer;
let cora: StaffIdentity;
let victor: StaffIdentity;

const { ops, query, newReport, incidentOf } = caseworkHelpers(
  () => server,
  () => cora,
  '2025-04-10',
);

/** Verified with the place staff record: the place is the incident's. */
async function verify(id: string, municipality: string) {
  // An incident is verified only with a category (decision 0044).
  await classifyIncidentOf(ops(), id);
  await ops().changeStatus(id, { from: 'new', to: 'in_review' });
  await ops().changeStatus(id, { from: 'in_review', to: 'verified', municipality, province: 'east_flanders' });
}

/** The incidents suggested on a report's page, by the report of each that opens it. */
const suggestedReports = async (id: string) => (await ops().suggestedIncidents(id)).map((each) => each.reportId);
const suggestionFor = async (id: string, other: string): Promise<IncidentSuggestion | undefined> =>
  (await ops().suggestedIncidents(id)).find((each) => each.reportId === other);

/** A municipality no other test uses: each test finds only its own incidents. */
const placeOfItsOwn = () => `Testgem ${randomUUID().slice(0, 8)}`;
/** An address no other test uses. */
const addressOfItsOwn = () => `https://social.example/posts/${randomUUID()}`;
const online = (...onlineUrls: string[]) => ({ type: 'online', onlineUrls, onlinePlatform: 'facebook' });

useSiteWithStaff({ cora: ['coordinator', 'Cora'], victor: ['viewer', 'Victor'] }, (site) => {
  server = site.server;
  cora = site.staff.cora;
  victor = site.staff.victor;
});

describe('same place, date and type', () => {
  it('suggests incidents of the same type and municipality up to two days apart, and no others', async () => {
    const place = placeOfItsOwn();
    const reports = {
      mine: await newReport({ date: '2025-04-10', type: 'verbal' }),
      twoDaysLater: await newReport({ date: '2025-04-12', type: 'verbal' }),
      twoDaysBefore: await newReport({ date: '2025-04-08', type: 'verbal' }),
      threeDaysLater: await newReport({ date: '2025-04-13', type: 'verbal' }),
      threeDaysBefore: await newReport({ date: '2025-04-07', type: 'verbal' }),
      otherType: await newReport({ date: '2025-04-10', type: 'physical' }),
      otherPlace: await newReport({ date: '2025-04-10', type: 'verbal' }),
      noPlace: await newReport({ date: '2025-04-10', type: 'verbal' }),
    };
    for (const [name, id] of Object.entries(reports)) {
      if (name === 'noPlace') continue;
      // The same municipality as staff typed it, in another case, is the same place.
      const municipality =
        name === 'otherPlace' ? placeOfItsOwn() : name === 'twoDaysBefore' ? place.toUpperCase() : place;
      await verify(id, municipality);
    }
    const suggested = await suggestedReports(reports.mine);
    expect(new Set(suggested)).toEqual(new Set([reports.twoDaysLater, reports.twoDaysBefore]));
    const later = await suggestionFor(reports.mine, reports.twoDaysLater);
    expect(later).toEqual({
      incidentId: await incidentOf(reports.twoDaysLater),
      reasons: ['place-date-type'],
      incidentDate: '2025-04-12',
      incidentType: 'verbal',
      municipality: place,
      counts: true,
      reportCount: 1,
      reportId: reports.twoDaysLater,
    });
    // Symmetric: the other incident's page suggests this one. An incident without a place has none.
    expect(await suggestedReports(reports.twoDaysLater)).toContain(reports.mine);
    expect(await suggestedReports(reports.noPlace)).toEqual([]);
  }, 120_000);
});

describe('the same online address', () => {
  it('suggests the incident of a report naming the same address, written another way', async () => {
    const address = addressOfItsOwn();
    const first = await newReport(online(address, addressOfItsOwn()));
    const second = await newReport({
      date: '2024-01-01',
      ...online(`${address.replace('https://', 'http://www.')}/?utm_source=whatsapp&fbclid=abc#top`),
    });
    const unrelated = await newReport(online(addressOfItsOwn()));
    expect(await suggestionFor(second, first)).toMatchObject({ reasons: ['online-address'], reportId: first });
    expect(await suggestedReports(first)).toEqual([second]);
    expect(await suggestedReports(unrelated)).toEqual([]);
  });

  it('stores neither the address nor an unkeyed hash of it: a database dump does not hold them', async () => {
    const address = addressOfItsOwn();
    const id = await newReport(online(address));
    const [stored] = await query<{ n: number }>('select count(*)::int as n from report_url_hash where report_id = $1', [
      id,
    ]);
    expect(stored?.n).toBe(1);
    const dump = await dumpDatabase(server);
    const path = new URL(address).pathname;
    expect(dump).not.toContain(path);
    for (const form of [address, normaliseOnlineAddress(address), `v1\n${normaliseOnlineAddress(address)}`]) {
      for (const algorithm of ['sha256', 'sha1', 'md5']) {
        expect(dump).not.toContain(createHash(algorithm).update(form).digest('hex'));
      }
    }
  });

  it('hashes, in the application, the reports that have addresses and no hash yet (the backfill)', async () => {
    const address = addressOfItsOwn();
    const [first, second] = [await newReport(online(address)), await newReport(online(address))];
    // As a report sent before suggested links, or restored from an archive of that time.
    await query('delete from report_url_hash where report_id = any($1::uuid[])', [[first, second]]);
    expect(await suggestedReports(first)).toEqual([]);
    expect(await hashMissingAddresses(server.database.db, server.services.encryption)).toBeGreaterThanOrEqual(2);
    expect(await suggestedReports(first)).toEqual([second]);
    expect(await hashMissingAddresses(server.database.db, server.services.encryption)).toBe(0);
  });
});

describe('a suggestion as staff see it', () => {
  it('says nothing of the reporter, their words or the address', async () => {
    const address = addressOfItsOwn();
    const first = await newReport(online(address));
    const second = await newReport(online(address));
    const shown = JSON.stringify(await ops().suggestedIncidents(second));
    expect(shown).toContain(first);
    for (const secret of [
      address,
      SEEDED.firstName,
      SEEDED.lastName,
      SEEDED.email,
      SEEDED.location,
      SEEDED.description,
    ]) {
      expect(shown).not.toContain(secret);
    }
  });

  it('is refused, and both operations are, to a role without incidents:link', async () => {
    const id = await newReport();
    const from = await incidentOf(id);
    expect(await refusal(ops(victor).suggestedIncidents(id))).toBe('FORBIDDEN');
    expect(await refusal(ops(victor).dismissSuggestion(id, { from, other: randomUUID() }))).toBe('FORBIDDEN');
    const [denied] = await query<{ n: number }>(
      `select count(*)::int as n from audit_event where action = 'access.denied' and actor_id = $1
          and details->>'permission' = 'incidents:link'`,
      [victor.id],
    );
    expect(denied?.n).toBeGreaterThanOrEqual(2);
    expect(await refusal(ops().suggestedIncidents(randomUUID()))).toBe('NOT_FOUND');
  });
});

describe('dismissing a suggestion', () => {
  it('stores the pair once, audited, and the suggestion does not come back on either page', async () => {
    const address = addressOfItsOwn();
    const [first, second] = [await newReport(online(address)), await newReport(online(address))];
    const [mine, theirs] = [await incidentOf(second), await incidentOf(first)];
    await ops().dismissSuggestion(second, { from: mine, other: theirs });
    expect(await suggestedReports(second)).toEqual([]);
    expect(await suggestedReports(first)).toEqual([]);
    const [pair] = await query<{ a: string; b: string; by: string }>(
      `select incident_a as a, incident_b as b, dismissed_by as by from incident_link_dismissal
        where $1 in (incident_a, incident_b)`,
      [mine],
    );
    expect(pair).toEqual({ a: [mine, theirs].sort()[0], b: [mine, theirs].sort()[1], by: cora.id });
    const [audited] = await query<{ details: Record<string, string> }>(
      `select details from audit_event where action = 'report.suggestion-dismissed' and subject_id = $1`,
      [second],
    );
    expect(audited?.details).toEqual({ incident: mine, other: theirs });
    // A second dismissal of the same pair (someone else was first), a page out of date: conflict.
    expect(await refusal(ops().dismissSuggestion(first, { from: theirs, other: mine }))).toBe('casework.conflict');
    expect(await refusal(ops().dismissSuggestion(first, { from: mine, other: theirs }))).toBe('casework.conflict');
    expect(await refusal(ops().dismissSuggestion(first, { from: theirs, other: theirs }))).toBe(
      'casework.linkSameIncident',
    );
  });

  it('is a pair the database keeps in order, once, between incidents that exist', async () => {
    const [a, b] = [await incidentOf(await newReport()), await incidentOf(await newReport())];
    const [low, high] = [a, b].sort();
    const insert = (x: string, y: string) =>
      query('insert into incident_link_dismissal (incident_a, incident_b, dismissed_by) values ($1, $2, $3)', [
        x,
        y,
        cora.id,
      ]).then(
        () => 'stored',
        (error: { code?: string }) => error.code,
      );
    expect(await insert(high as string, low as string)).toBe('23514');
    // An incident that does not exist, after `low` in order, so that only the reference fails.
    expect(await insert(low as string, 'ffffffff-ffff-4fff-bfff-ffffffffffff')).toBe('23503');
    expect(await insert(low as string, high as string)).toBe('stored');
    expect(await insert(low as string, high as string)).toBe('23505');
  });

  it('stays dismissed when one of the two incidents is linked into a third', async () => {
    const address = addressOfItsOwn();
    const [first, second] = [await newReport(online(address)), await newReport(online(address))];
    const third = await newReport();
    await ops().dismissSuggestion(second, { from: await incidentOf(second), other: await incidentOf(first) });
    // The first report joins the third's incident; its own incident, now empty, goes.
    await ops().linkToIncident(first, { from: await incidentOf(first), target: third });
    expect(await suggestedReports(second)).toEqual([]);
    expect(await suggestedReports(third)).toEqual([]);
  });
});

describe('confirming a suggestion', () => {
  it('is the link: the report joins the suggested incident, which is no longer suggested', async () => {
    const address = addressOfItsOwn();
    const [first, second] = [await newReport(online(address)), await newReport(online(address))];
    const [suggestion] = await ops().suggestedIncidents(second);
    expect(suggestion?.reportId).toBe(first);
    await ops().linkToIncident(second, { from: await incidentOf(second), target: suggestion?.reportId ?? '' });
    expect(await incidentOf(second)).toBe(await incidentOf(first));
    expect(await suggestedReports(second)).toEqual([]);
  });
});
