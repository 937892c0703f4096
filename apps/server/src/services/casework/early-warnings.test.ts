import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { createStaffMember } from '../../test/staff-helpers.ts';
import { storeReport } from '../../test/stored-report.ts';
import { SEEDED } from '../../test/submission-helpers.ts';
import type { TestServer } from '../../test/test-server.ts';
import { type startTwoInstancesWithMail, useTwoInstancesWithStaff } from '../../test/two-instances.ts';
import { inBursts } from './early-warnings.ts';

/**
 * Early warning (decision 0052) with two instances of the site on one database, a real SMTP
 * server and a clock the test sets. Each test finds its own records by its own municipality, tag
 * or address, never by a date another test may share.
 */
const SLOW_MS = 180_000;

type Instances = Awaited<ReturnType<typeof startTwoInstancesWithMail>>;

let a: TestServer;
let b: TestServer;
let smtp: Instances['smtp'];
let cora: StaffIdentity;
let vera: StaffIdentity;

/** The injected clock: noon in Brussels on the day after the incidents of each test. */
const at = (day: string) => new Date(`${day}T11:00:00Z`);

async function newReport(
  incident: { date: string; municipality?: string; type?: string },
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const reportId = await storeReport(a.services, { type: incident.type ?? 'verbal', ...overrides });
  await a.database.pool.query(
    `update incident set incident_date = $2, municipality = $3, province = case when $3::text is null then null else 'east_flanders' end
      where id = (select incident_id from report where id = $1)`,
    [reportId, incident.date, incident.municipality ?? null],
  );
  return reportId;
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await a.database.pool.query(text, values)).rows as T[];
}

type WarningRow = { id: string; rule: string; incident_count: number; outbox_id: string | null };
const warningsOf = (subject: string) =>
  query<WarningRow>(
    `select id, rule, incident_count, outbox_id from early_warning
      where lower(municipality) = lower($1) or subject_key = $1 order by raised_at`,
    [subject],
  );

/** Both instances detect at the same moment, then both send what their outbox holds. */
async function detectBoth(now: Date) {
  await Promise.all([a.services.earlyWarnings.run(now), b.services.earlyWarnings.run(now)]);
  await Promise.all([a.services.notifications.runOnce(), b.services.notifications.runOnce()]);
}

const mailsAbout = (warningId: string) => smtp.received.filter((mail) => mail.text.includes(`warning=${warningId}`));

useTwoInstancesWithStaff(
  { cora: ['coordinator', 'Cora'], vera: ['viewer', 'Vera'] },
  (site) => {
    ({ a, b, smtp } = site);
    ({ cora, vera } = site.staff);
  },
  SLOW_MS,
);

describe('incidents in one municipality', () => {
  it(
    'three within 72 hours raise one warning and one e-mail; a fourth grows it and sends none',
    async () => {
      const place = 'Zelzate';
      await newReport({ date: '2026-03-02', municipality: place });
      await newReport({ date: '2026-03-03', municipality: 'ZELZATE' });
      expect(await warningsOf(place)).toEqual([]);
      await newReport({ date: '2026-03-04', municipality: place });
      await detectBoth(at('2026-03-05'));
      await detectBoth(at('2026-03-05'));
      const [warning, ...others] = await warningsOf(place);
      expect(others).toEqual([]);
      expect(warning).toMatchObject({ rule: 'place-type', incident_count: 3 });
      const id = warning?.id ?? '';
      const mails = mailsAbout(id);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.to).toEqual([cora.email]);
      // The municipality staff typed is isolated (FSI…PDI), so that it reads in order in Hebrew too.
      expect(mail?.text).toContain('3 incidents of the type “Verbal” in \u2068Zelzate\u2069 within 72 hours');
      expect(mail?.text).toContain('Incident dates: March 2, 2026 to March 4, 2026.');
      expect(mail?.text).toContain(`https://example.test/internal/reports?warning=${id}`);
      for (const secret of Object.values(SEEDED)) expect(mail?.text).not.toContain(secret);

      // The dashboard shows it to a coordinator, with the link's filter; a viewer sees nothing.
      const dashboard = await a.services.operationsFor(cora).dashboard();
      expect(dashboard.earlyWarnings?.find((shown) => shown.id === id)).toMatchObject({
        rule: 'place-type',
        municipality: place,
        incidentType: 'verbal',
        incidentCount: 3,
        window: 72,
        firstDate: '2026-03-02',
        lastDate: '2026-03-04',
      });
      expect((await a.services.operationsFor(vera).dashboard()).earlyWarnings).toBeUndefined();
      const listed = await a.services.operationsFor(cora).reports.list({ warning: id, sort: 'received-asc', page: 1 });
      expect(listed.total).toBe(3);

      // A fourth incident, a day later: the same warning, now 4, and no second e-mail.
      await newReport({ date: '2026-03-05', municipality: place });
      await detectBoth(at('2026-03-06'));
      expect(await warningsOf(place)).toMatchObject([{ id, incident_count: 4 }]);
      expect(mailsAbout(id)).toHaveLength(1);
      const grown = await b.services.operationsFor(cora).dashboard();
      expect(grown.earlyWarnings?.find((shown) => shown.id === id)?.incidentCount).toBe(4);
    },
    SLOW_MS,
  );

  it(
    'counts incidents, not reports: two reports linked into one incident count once',
    async () => {
      const place = 'Wachtebeke';
      const first = await newReport({ date: '2026-04-01', municipality: place });
      const second = await newReport({ date: '2026-04-02', municipality: place });
      await newReport({ date: '2026-04-02', municipality: place });
      const [{ incident_id: from } = { incident_id: '' }] = await query<{ incident_id: string }>(
        'select incident_id from report where id = $1',
        [second],
      );
      await a.services.operationsFor(cora).reports.linkToIncident(second, { from, target: first });
      await detectBoth(at('2026-04-03'));
      expect(await warningsOf(place)).toEqual([]);
    },
    SLOW_MS,
  );

  it(
    'leaves out a rejected or quarantined report',
    async () => {
      const place = 'Moerbeke';
      await newReport({ date: '2026-05-01', municipality: place });
      await newReport({ date: '2026-05-01', municipality: place });
      const rejected = await newReport({ date: '2026-05-02', municipality: place });
      await a.database.pool.query(
        `update report set status = 'rejected', rejection_reason = 'not_antisemitic' where id = $1`,
        [rejected],
      );
      await detectBoth(at('2026-05-03'));
      expect(await warningsOf(place)).toEqual([]);
    },
    SLOW_MS,
  );
});

describe('one online address or tag in several incidents', () => {
  it(
    'an address in two incidents raises a warning whose e-mail and dashboard never show it',
    async () => {
      const address = `https://example.org/posts/${crypto.randomUUID()}`;
      const online = { type: 'online', onlineUrls: [address], onlinePlatform: 'facebook' };
      const first = await newReport({ date: '2026-06-01', type: 'online' }, online);
      await newReport({ date: '2026-06-20', type: 'online' }, online);
      await detectBoth(at('2026-06-21'));
      const [hash] = await query<{ hash: string }>('select hash from report_url_hash where report_id = $1', [first]);
      const [warning, ...others] = await warningsOf(hash?.hash ?? '');
      expect(others).toEqual([]);
      expect(warning).toMatchObject({ rule: 'online-address', incident_count: 2 });
      const [mail, ...more] = mailsAbout(warning?.id ?? '');
      expect(more).toEqual([]);
      expect(mail?.text).toContain('2 incidents naming the same address of online content within 30 days');
      expect(mail?.text).not.toContain('example.org/posts');
      expect(mail?.text).not.toContain(hash?.hash);
      const shown = (await a.services.operationsFor(cora).dashboard()).earlyWarnings?.find(
        (item) => item.id === warning?.id,
      );
      expect(JSON.stringify(shown)).not.toContain('example.org');
      expect(JSON.stringify(shown)).not.toContain(hash?.hash);
    },
    SLOW_MS,
  );

  it(
    'a tag on two incidents raises one warning',
    async () => {
      const admin = (await createStaffMember(a, 'admin', 'Ada')).staff;
      const { id: tagId } = await a.services.operationsFor(admin).tags.create({
        names: { en: 'Warning test', fr: 'Test d’alerte', nl: 'Signaaltest', he: 'בדיקה', yi: 'פּרוּוו' },
      });
      for (const date of ['2026-07-01', '2026-07-10']) {
        const id = await newReport({ date });
        await a.database.pool.query(
          'insert into incident_tag_link (incident_id, tag_id) select incident_id, $2 from report where id = $1',
          [id, tagId],
        );
      }
      await detectBoth(at('2026-07-11'));
      const [warning] = await warningsOf(tagId);
      expect(warning).toMatchObject({ rule: 'tag', incident_count: 2 });
      expect(mailsAbout(warning?.id ?? '')[0]?.text).toContain(
        '2 incidents with the tag “\u2068Warning test\u2069” within 30 days',
      );
    },
    SLOW_MS,
  );
});

describe('acknowledging', () => {
  it(
    'is audited in its transaction, refused for a viewer, and a warning that grows comes back',
    async () => {
      const place = 'Assenede';
      for (const date of ['2026-08-01', '2026-08-02', '2026-08-03']) await newReport({ date, municipality: place });
      await detectBoth(at('2026-08-04'));
      const [warning] = await warningsOf(place);
      const id = warning?.id ?? '';
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => 'done',
          (error: { code?: string }) => error.code,
        );
      expect(await refusal(a.services.operationsFor(vera).warnings.acknowledge(id, { count: 3 }))).toBe('FORBIDDEN');
      expect(await refusal(a.services.operationsFor(cora).warnings.acknowledge(id, { count: 2 }))).toBe(
        'warnings.conflict',
      );
      expect(
        await refusal(
          a.services.operationsFor(cora).warnings.acknowledge('00000000-0000-4000-8000-000000000000', { count: 3 }),
        ),
      ).toBe('warnings.notFound');
      await a.services.operationsFor(cora).warnings.acknowledge(id, { count: '3' });
      // A second click, or a colleague on another instance: the guarded update refuses it.
      expect(await refusal(b.services.operationsFor(cora).warnings.acknowledge(id, { count: 3 }))).toBe(
        'warnings.conflict',
      );
      const audit = await query<{ action: string; actor_id: string; details: Record<string, unknown> }>(
        `select action, actor_id, details from audit_event where subject_type = 'early-warning' and subject_id = $1`,
        [id],
      );
      expect(audit).toEqual([
        { action: 'early-warning.acknowledged', actor_id: cora.id, details: { rule: 'place-type', count: 3 } },
      ]);
      const denied = await query<{ n: number }>(
        `select count(*)::int as n from audit_event where action = 'access.denied' and actor_id = $1`,
        [vera.id],
      );
      expect(denied[0]?.n).toBeGreaterThan(0);
      const shown = async () =>
        (await a.services.operationsFor(cora).dashboard()).earlyWarnings?.find((item) => item.id === id);
      expect(await shown()).toBeUndefined();
      await newReport({ date: '2026-08-04', municipality: place });
      await detectBoth(at('2026-08-05'));
      expect(await shown()).toMatchObject({ incidentCount: 4, acknowledgedCount: 3 });
      expect(mailsAbout(id)).toHaveLength(1);
    },
    SLOW_MS,
  );
});

describe('across instances and time', () => {
  it(
    'two instances detecting at once make one warning; after the repeat window a new cluster is a new one',
    async () => {
      const place = 'Kaprijke';
      for (const date of ['2026-09-01', '2026-09-01', '2026-09-02']) await newReport({ date, municipality: place });
      await Promise.all([
        a.services.earlyWarnings.run(at('2026-09-03')),
        b.services.earlyWarnings.run(at('2026-09-03')),
        a.services.earlyWarnings.run(at('2026-09-03')),
      ]);
      await Promise.all([a.services.notifications.runOnce(), b.services.notifications.runOnce()]);
      const [first, ...others] = await warningsOf(place);
      expect(others).toEqual([]);
      expect(mailsAbout(first?.id ?? '')).toHaveLength(1);
      // 40 days later, the first is closed and a new burst opens a warning of its own.
      for (const date of ['2026-10-12', '2026-10-13', '2026-10-13']) await newReport({ date, municipality: place });
      await detectBoth(at('2026-10-14'));
      const warnings = await warningsOf(place);
      expect(warnings).toHaveLength(2);
      expect(warnings[1]).toMatchObject({ incident_count: 3 });
      expect(mailsAbout(warnings[1]?.id ?? '')).toHaveLength(1);
    },
    SLOW_MS,
  );
});

describe('bursts', () => {
  it('keeps the incidents of a span that holds enough of them, and no other', () => {
    const rows = ['2026-01-01', '2026-01-05', '2026-01-06', '2026-01-07', '2026-01-09', '2026-01-20'].map((date) => ({
      date,
    }));
    expect(inBursts(rows, 3, 3).map((row) => row.date)).toEqual(['2026-01-05', '2026-01-06', '2026-01-07']);
    expect(inBursts(rows, 3, 5).map((row) => row.date)).toEqual([
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-09',
    ]);
    expect(inBursts(rows, 4, 3)).toEqual([]);
  });
});
