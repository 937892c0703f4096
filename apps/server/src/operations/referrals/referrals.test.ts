import { randomUUID } from 'node:crypto';
import type { ReferralInput } from '@app/core/casework/referrals';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { statsCsvRows } from '../../services/figures/stats-csv.ts';
import { useEvidencePackSite } from '../../test/evidence-pack-helpers.ts';
import { createStaffMember } from '../../test/staff-helpers.ts';

/**
 * Partners and referrals (decision 0050): the reporter's answer decides (decision 0048), viewers
 * cannot refer, a disabled partner takes no new referral, every change is audited, a referral
 * without an answer comes due after the working days, and the statistics count them. Each test
 * names its partners with a marker of its own and finds its rows by it or by their ids.
 */

const site = useEvidencePackSite();
const { newReport, setConsent, produce } = site;
let ada: StaffIdentity;

beforeAll(async () => {
  ({ staff: ada } = await createStaffMember(site.server, 'admin', 'Ada'));
}, 120_000);

/** Noon in Brussels on a day (10:30 UTC is 11:30 or 12:30 there: the same calendar day). */
const noonOn = (day: string) => new Date(`${day}T10:30:00Z`);
const ops = (actor: StaffIdentity, day?: string) =>
  site.server.services.operationsFor(actor, day ? { now: () => noonOn(day) } : undefined);
const query = (sql: string, values: unknown[] = []) => site.server.database.pool.query(sql, values);

async function newPartner(marker: string, kind = 'police-zone') {
  const { id } = await ops(ada).partners.create({
    name: `Politiezone ${marker}`,
    kind,
    contact: 'onthaal@example.org, 02 000 00 00',
    accepts: 'Klachten over haatmisdrijven',
  });
  return id;
}

/** A report whose reporter answered `consent`, with an evidence pack made (after asking, where needed). */
async function reportWithPack(consent: 'yes' | 'no' | 'ask-first') {
  const id = await newReport();
  await setConsent(id, consent === 'no' ? 'yes' : consent);
  await produce(id, { askedReporter: 'yes', format: 'page' });
  // A "no" given later (the reporter changed their answer): the pack exists, nothing more leaves.
  if (consent === 'no') await setConsent(id, 'no');
  const { packs } = await ops(site.cora).referrals.forReport(id);
  const pack = packs[0]?.packId ?? '';
  return { id, pack };
}

const referralRows = async (reportId: string) =>
  (
    await query(
      'select *, reporter_agreed_on::text as reporter_agreed_on from referral where report_id = $1 order by sent_at',
      [reportId],
    )
  ).rows;
const disclosures = async (reportId: string, kind: string) =>
  (await query('select * from report_disclosure where report_id = $1 and kind = $2', [reportId, kind])).rows;
const auditOf = async (reportId: string, action: string) =>
  (
    await query('select details from audit_event where subject_id = $1 and action = $2 order by id', [reportId, action])
  ).rows.map((row: { details: Record<string, unknown> }) => row.details);

describe('referring a report, as the reporter’s answer allows (decision 0048)', () => {
  it('is refused after a “no”, and writes nothing', async () => {
    const partner = await newPartner(`no-${randomUUID().slice(0, 6)}`);
    const { id, pack } = await reportWithPack('no');
    await expect(ops(site.cora).referrals.refer(id, { partner, pack })).rejects.toMatchObject({
      code: 'evidencePack.consentRefused',
    });
    // Not even with an agreement recorded: "no" is no.
    await expect(
      ops(site.cora).referrals.refer(id, { partner, pack, agreedOn: '2026-01-05', agreedVia: 'phone' }),
    ).rejects.toMatchObject({ code: 'evidencePack.consentRefused' });
    expect(await referralRows(id)).toEqual([]);
    expect(await disclosures(id, 'referral')).toEqual([]);
    expect(await auditOf(id, 'report.referred')).toEqual([]);
  });

  it('after “ask me first” needs the day and way the reporter agreed, then is sent and recorded', async () => {
    const partner = await newPartner(`ask-${randomUUID().slice(0, 6)}`);
    const { id, pack } = await reportWithPack('ask-first');
    const refer = (input: Partial<ReferralInput>) =>
      ops(site.cora, '2026-03-10').referrals.refer(id, { partner, pack, ...input });
    await expect(refer({})).rejects.toMatchObject({ code: 'evidencePack.askFirst' });
    await expect(refer({ agreedOn: '2026-03-09' })).rejects.toMatchObject({ code: 'referrals.agreementIncomplete' });
    await expect(refer({ agreedOn: '2026-03-11', agreedVia: 'phone' })).rejects.toMatchObject({
      code: 'referrals.agreementDateInvalid',
    });
    await expect(refer({ agreedOn: '2026-03-09', agreedVia: 'fax' })).rejects.toMatchObject({
      code: 'referrals.invalidChoice',
    });
    await expect(refer({ agreedOn: '2026-03-09', agreedVia: 'phone', pack: randomUUID() })).rejects.toMatchObject({
      code: 'referrals.unknownPack',
    });
    expect(await referralRows(id)).toEqual([]);

    const { id: referralId } = await refer({ agreedOn: '2026-03-09', agreedVia: 'phone' });
    const [row] = await referralRows(id);
    expect(row).toMatchObject({
      id: referralId,
      partner_id: partner,
      pack_id: pack,
      status: 'sent',
      reporter_agreed_on: '2026-03-09',
      reporter_agreed_via: 'phone',
      first_answer_at: null,
      identity_included: false,
    });
    // The reporter sees it on their follow-up page: to the police (a police zone), when, without their name.
    expect(await disclosures(id, 'referral')).toMatchObject([{ recipient: 'police', identity_included: false }]);
    expect(await auditOf(id, 'report.referred')).toMatchObject([
      { referralId, partnerId: partner, packId: pack, consent: 'ask-first', agreedVia: 'phone' },
    ]);
    const view = await ops(site.cora, '2026-03-10').referrals.forReport(id);
    expect(view.referrals).toMatchObject([
      { id: referralId, status: 'sent', agreement: { on: '2026-03-09', via: 'phone' }, isOverdue: false },
    ]);
  });

  it('is refused to a viewer, whose attempt is audited', async () => {
    const partner = await newPartner(`viewer-${randomUUID().slice(0, 6)}`);
    const { id, pack } = await reportWithPack('yes');
    await expect(ops(site.vera).referrals.refer(id, { partner, pack })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(ops(site.vera).referrals.forReport(id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Coordinators refer but do not keep the directory.
    await expect(ops(site.cora).partners.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const { rows } = await query(
      `select details from audit_event where actor_id = $1 and action = 'access.denied' and details->>'permission' = 'referrals:manage'`,
      [site.vera.id],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(await referralRows(id)).toEqual([]);
  });

  it('is refused to a disabled partner, which stays in history and cannot be deleted', async () => {
    const marker = `disabled-${randomUUID().slice(0, 6)}`;
    const partner = await newPartner(marker, 'victim-support');
    const { id, pack } = await reportWithPack('yes');
    await ops(site.cora).referrals.refer(id, { partner, pack });
    const listed = (await ops(ada).partners.list()).find((item) => item.id === partner);
    expect(listed).toMatchObject({ kind: 'victim-support', disabled: false, referrals: 1 });
    await ops(ada).partners.setDisabled(partner, { disabled: true, revision: String(listed?.revision) });
    // A page that showed the old revision loses the race.
    await expect(
      ops(ada).partners.setDisabled(partner, { disabled: true, revision: String(listed?.revision) }),
    ).rejects.toMatchObject({ code: 'referrals.conflict' });
    await expect(ops(site.cora).referrals.refer(id, { partner, pack })).rejects.toMatchObject({
      code: 'referrals.partnerDisabled',
    });
    // Not offered any more, still named by its referral.
    const view = await ops(site.cora).referrals.forReport(id);
    expect(view.partners.map((item) => item.id)).not.toContain(partner);
    expect(view.referrals).toMatchObject([{ partner: { id: partner, disabled: true } }]);
    // 23001: restrict_violation, the foreign key's ON DELETE RESTRICT.
    await expect(query('delete from partner where id = $1', [partner])).rejects.toMatchObject({ code: '23001' });
    const { rows } = await query(`select action from audit_event where subject_id = $1 order by id`, [partner]);
    expect(rows.map((row: { action: string }) => row.action)).toEqual(['partner.created', 'partner.disabled']);
  });

  it('has its closed sets and pairs enforced by the database too', async () => {
    const partner = await newPartner(`db-${randomUUID().slice(0, 6)}`);
    const { id, pack } = await reportWithPack('yes');
    const { id: referralId } = await ops(site.cora).referrals.refer(id, { partner, pack });
    for (const change of [
      `status = 'lost'`,
      `outcome = 'fine', outcome_at = now()`,
      `status = 'acknowledged'`, // without its first answer's time
      `reporter_agreed_on = '2026-01-01'`, // without the way
    ]) {
      await expect(query(`update referral set ${change} where id = $1`, [referralId]), change).rejects.toMatchObject({
        code: '23514',
      });
    }
    await expect(query(`update partner set kind = 'embassy' where id = $1`, [partner])).rejects.toMatchObject({
      code: '23514',
    });
    // A pack of another report cannot be named.
    const other = await reportWithPack('yes');
    await expect(
      query(`update referral set pack_id = $2 where id = $1`, [referralId, other.pack]),
    ).rejects.toMatchObject({ code: '23503' });
  });
});

describe('following a referral up', () => {
  it('records status, reference and outcome with their dates, each change audited', async () => {
    const partner = await newPartner(`update-${randomUUID().slice(0, 6)}`);
    const { id, pack } = await reportWithPack('yes');
    const { id: referralId } = await ops(site.cora, '2026-03-02').referrals.refer(id, { partner, pack });
    const update = (day: string, input: { revision: number; status: string; reference?: string; outcome?: string }) =>
      ops(site.cora, day).referrals.update(id, referralId, { ...input, revision: String(input.revision) });
    await expect(update('2026-03-03', { revision: 1, status: 'sent', outcome: 'investigation' })).rejects.toMatchObject(
      { code: 'referrals.outcomeTooEarly' },
    );
    const reference = 'PV BR.12.L3.012345/26';
    await update('2026-03-04', { revision: 1, status: 'acknowledged', reference });
    await expect(update('2026-03-05', { revision: 1, status: 'in-progress' })).rejects.toMatchObject({
      code: 'referrals.conflict',
    });
    await expect(update('2026-03-05', { revision: 2, status: 'sent', reference })).rejects.toMatchObject({
      code: 'referrals.backToSent',
    });
    await update('2026-03-09', { revision: 2, status: 'in-progress', reference, outcome: 'investigation' });
    await update('2026-03-20', { revision: 3, status: 'closed', reference, outcome: 'prosecution' });
    const [row] = await referralRows(id);
    expect(row).toMatchObject({ status: 'closed', outcome: 'prosecution', revision: 4 });
    expect(row.first_answer_at).toEqual(noonOn('2026-03-04'));
    expect(row.closed_at).toEqual(noonOn('2026-03-20'));
    expect(row.outcome_at).toEqual(noonOn('2026-03-20'));
    // The reference is sealed at rest, and read back on the report's page.
    expect(JSON.stringify(row)).not.toContain('012345');
    const [view] = (await ops(site.cora).referrals.forReport(id)).referrals;
    expect(view).toMatchObject({ reference, status: 'closed', outcome: 'prosecution' });
    // A key rotation re-seals it like every other sealed value: a retired key must not strand it.
    const { SEALED_COLUMNS } = await import('../../services/backup/key-rotation.ts');
    expect(SEALED_COLUMNS).toContainEqual({ table: 'referral', columns: ['reference'] });
    expect(await auditOf(id, 'report.referral-updated')).toMatchObject([
      { referralId, statusFrom: 'sent', statusTo: 'acknowledged', referenceChanged: true },
      { statusFrom: 'acknowledged', statusTo: 'in-progress', outcomeTo: 'investigation', referenceChanged: false },
      { statusFrom: 'in-progress', statusTo: 'closed', outcomeFrom: 'investigation', outcomeTo: 'prosecution' },
    ]);
    // Never the reference itself in the audit log.
    expect(JSON.stringify(await auditOf(id, 'report.referral-updated'))).not.toContain('012345');
  });

  it('comes due on the dashboard after ten working days without an answer, and leaves it once answered', async () => {
    const partner = await newPartner(`due-${randomUUID().slice(0, 6)}`);
    const { id, pack } = await reportWithPack('yes');
    // Sent on Monday 2 March 2026: ten working days later is Monday 16 March (no holiday between).
    const { id: referralId } = await ops(site.cora, '2026-03-02').referrals.refer(id, { partner, pack });
    const due = async (day: string) =>
      ((await ops(site.cora, day).dashboard()).dueReferrals?.referrals ?? []).filter((item) => item.id === referralId);
    expect(await due('2026-03-13')).toEqual([]);
    expect(await due('2026-03-16')).toMatchObject([{ reportId: id, answerDueAt: noonOn('2026-03-16').toISOString() }]);
    expect((await ops(site.cora, '2026-03-16').referrals.forReport(id)).referrals[0]?.isOverdue).toBe(true);
    // A viewer's dashboard never lists referrals.
    expect((await ops(site.vera, '2026-03-16').dashboard()).dueReferrals).toBeUndefined();
    await ops(site.cora, '2026-03-17').referrals.update(id, referralId, { revision: '1', status: 'acknowledged' });
    expect(await due('2026-03-18')).toEqual([]);
  });

  it('takes the day the partner first answered as staff enter it: today by default, not in the future, not before sending', async () => {
    const partner = await newPartner(`answer-${randomUUID().slice(0, 6)}`);
    // In a month no other test sends referrals in: the statistics of September 2031 are this test's.
    const { id, pack } = await reportWithPack('yes');
    const { id: referralId } = await ops(site.cora, '2031-09-10').referrals.refer(id, { partner, pack });
    const update = (answeredOn: string, revision = '1') =>
      ops(site.cora, '2031-09-15').referrals.update(id, referralId, { revision, status: 'acknowledged', answeredOn });
    await expect(update('2031-09-16')).rejects.toMatchObject({ code: 'referrals.answerDateInvalid' });
    await expect(update('16/09/2031')).rejects.toMatchObject({ code: 'referrals.answerDateInvalid' });
    await expect(update('2031-09-09')).rejects.toMatchObject({ code: 'referrals.answerBeforeSent' });
    await update('2031-09-12');
    const row = async () =>
      (await query('select first_answer_on::text as day from referral where id = $1', [referralId])).rows[0]?.day;
    expect(await row()).toBe('2031-09-12');
    const september = { from: '2031-09-01', to: '2031-09-30' };
    // Wednesday to Friday: two working days, not the three until staff recorded it on Monday.
    expect((await ops(site.cora).stats.compute(september, 12)).referrals?.medianWorkingDaysToAnswer).toBe(2);
    expect((await ops(site.cora, '2031-09-15').referrals.forReport(id)).referrals[0]?.firstAnswerOn).toBe('2031-09-12');

    // Corrected later (the partner had answered on the Thursday): the day changes, audited.
    await update('2031-09-11', '2');
    expect(await row()).toBe('2031-09-11');
    expect((await ops(site.cora).stats.compute(september, 12)).referrals?.medianWorkingDaysToAnswer).toBe(1);
    expect((await auditOf(id, 'report.referral-updated')).at(-1)).toMatchObject({
      answeredOnFrom: '2031-09-12',
      answeredOnTo: '2031-09-11',
    });

    // Left empty, it is the day staff record it.
    const other = await reportWithPack('yes');
    const { id: second } = await ops(site.cora, '2031-09-10').referrals.refer(other.id, { partner, pack: other.pack });
    await ops(site.cora, '2031-09-15').referrals.update(other.id, second, { revision: '1', status: 'in-progress' });
    const [stored] = (await query('select first_answer_on::text as day from referral where id = $1', [second])).rows;
    expect(stored?.day).toBe('2031-09-15');
    // The database holds the day to the referral's own: never before it was sent.
    await expect(query(`update referral set first_answer_on = '2031-09-01' where id = $1`, [second])).rejects.toThrow(
      /referral_answer_day_after_sent/,
    );
  });

  it('counts in the statistics by partner, status and outcome, with the median time to a first answer', async () => {
    const marker = `stats-${randomUUID().slice(0, 6)}`;
    const police = await newPartner(`${marker}-police`);
    const support = await newPartner(`${marker}-support`, 'victim-support');
    // In a year no other test sends referrals in.
    const sends: [string, string, string | null, string | null][] = [
      // partner, sent on, answered on, outcome
      [police, '2031-06-10', '2031-06-11', 'complaint-filed'], // Tuesday to Wednesday: 1 working day
      [police, '2031-06-10', '2031-06-13', null], // to Friday: 3
      [support, '2031-06-10', '2031-06-17', 'mediation'], // to the next Tuesday: 5
      [support, '2031-06-11', null, null],
    ];
    for (const [partner, sentOn, answeredOn, outcome] of sends) {
      const { id, pack } = await reportWithPack('yes');
      const { id: referralId } = await ops(site.cora, sentOn).referrals.refer(id, { partner, pack });
      if (answeredOn) {
        await ops(site.cora, answeredOn).referrals.update(id, referralId, {
          revision: '1',
          status: outcome ? 'in-progress' : 'acknowledged',
          outcome: outcome ?? '',
        });
      }
    }
    const stats = await ops(site.cora).stats.compute({ from: '2031-06-01', to: '2031-06-30' }, 12);
    expect(stats.referrals).toMatchObject({ total: 4, answered: 3 });
    expect(stats.referrals?.byPartner).toEqual([
      { key: police, name: `Politiezone ${marker}-police`, count: 2 },
      { key: support, name: `Politiezone ${marker}-support`, count: 2 },
    ]);
    expect(stats.referrals?.byStatus).toEqual([
      { key: 'in-progress', count: 2 },
      { key: 'acknowledged', count: 1 },
      { key: 'sent', count: 1 },
    ]);
    expect(stats.referrals?.byOutcome).toEqual([
      { key: '', count: 2 },
      { key: 'complaint-filed', count: 1 },
      { key: 'mediation', count: 1 },
    ]);
    // Waits of 1, 3 and 5 working days: the median is 3.
    expect(stats.referrals?.medianWorkingDaysToAnswer).toBe(3);
    // Outside the period: none. A viewer's statistics carry no referrals.
    expect((await ops(site.cora).stats.compute({ from: '2031-07-01', to: '2031-07-31' }, 12)).referrals?.total).toBe(0);
    expect(
      (await ops(site.vera).stats.compute({ from: '2031-06-01', to: '2031-06-30' }, 12)).referrals,
    ).toBeUndefined();

    // The CSV download carries the same figures to the roles that refer, and none to a viewer.
    const csv = statsCsvRows(await ops(site.cora).stats.export({ from: '2031-06-01', to: '2031-06-30' }, 12));
    const section = (name: string) => csv.filter(([first]) => first === name);
    expect(section('referrals')).toEqual([['referrals', 'all', 4, 4]]);
    expect(section('referral_partner')).toEqual([
      ['referral_partner', `Politiezone ${marker}-police`, 2, 4],
      ['referral_partner', `Politiezone ${marker}-support`, 2, 4],
    ]);
    expect(section('referral_status')).toEqual([
      ['referral_status', 'in-progress', 2, 4],
      ['referral_status', 'acknowledged', 1, 4],
      ['referral_status', 'sent', 1, 4],
    ]);
    expect(section('referral_outcome')).toEqual([
      ['referral_outcome', 'not_known', 2, 4],
      ['referral_outcome', 'complaint-filed', 1, 4],
      ['referral_outcome', 'mediation', 1, 4],
    ]);
    expect(section('referral_answered')).toEqual([['referral_answered', 'all', 3, 4]]);
    expect(section('referral_median_working_days_to_answer')).toEqual([
      ['referral_median_working_days_to_answer', 'all', 3, ''],
    ]);
    const viewerCsv = statsCsvRows(await ops(site.vera).stats.export({ from: '2031-06-01', to: '2031-06-30' }, 12));
    expect(viewerCsv.filter(([first]) => String(first).startsWith('referral'))).toEqual([]);
  });
});
