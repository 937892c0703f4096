import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { storeReport } from '../../test/stored-report.ts';
import { SEEDED } from '../../test/submission-helpers.ts';
import type { TestServer } from '../../test/test-server.ts';
import { type startTwoInstancesWithMail, useTwoInstancesWithStaff } from '../../test/two-instances.ts';
import { brusselsHour } from './digest.ts';

/**
 * The daily digest and the assignment e-mail, with two instances of the site on one database, a
 * real SMTP server, and a clock the test sets: no waiting for 7 o'clock.
 */
/** Two instances, staff accounts (scrypt) and a mail server: slow on a busy machine. */
const SLOW_MS = 180_000;

type Instances = Awaited<ReturnType<typeof startTwoInstancesWithMail>>;

let a: TestServer;
let b: TestServer;
let smtp: Instances['smtp'];
let cora: StaffIdentity;
let ada: StaffIdentity;
let quiet: StaffIdentity;
let vera: StaffIdentity;

const NOTE = 'Geheime notitie over de getuige';

/** `hh:mm` in Brussels on a day, as an instant, whatever the season's offset. */
function brusselsTime(day: string, time: string): Date {
  for (const offset of ['+01:00', '+02:00']) {
    const candidate = new Date(`${day}T${time}:00${offset}`);
    if (brusselsHour(candidate) === Number(time.slice(0, 2))) return candidate;
  }
  throw new Error(`no instant for ${day} ${time}`);
}

function nextDay(day: string, days = 1): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function newReport(receivedDaysAgo = 0): Promise<string> {
  const reportId = await storeReport(a.services);
  await a.database.pool.query(`update report set created_at = created_at - make_interval(days => $2) where id = $1`, [
    reportId,
    receivedDaysAgo,
  ]);
  return reportId;
}

/** Both instances tick at the same moment, then both send what their outbox holds. */
async function tickBoth(now: Date) {
  const outcomes = await Promise.all([a.services.digest.run(now), b.services.digest.run(now)]);
  await Promise.all([a.services.notifications.runOnce(), b.services.notifications.runOnce()]);
  return outcomes.reduce((sum, outcome) => ({ queued: sum.queued + outcome.queued, empty: sum.empty + outcome.empty }));
}

// No NOTIFY_EMAILS: the personal e-mails go out all the same.
useTwoInstancesWithStaff(
  { cora: ['coordinator', 'Cora'], ada: ['admin', 'Ada'], quiet: ['coordinator', 'Quinten'], vera: ['viewer', 'Vera'] },
  (site) => {
    ({ a, b, smtp } = site);
    ({ cora, ada, quiet, vera } = site.staff);
  },
  SLOW_MS,
);

describe('the assignment e-mail', () => {
  it(
    'tells the new assignee once, with a link and nothing of the report; not someone who takes it themselves',
    async () => {
      const id = await newReport();
      const coraOps = a.services.operationsFor(cora);
      expect(await coraOps.reports.assign(id, ada.id)).toBeUndefined();
      // The same assignment again changes nothing and sends nothing.
      expect(await b.services.operationsFor(cora).reports.assign(id, ada.id)).toBeUndefined();
      expect(await coraOps.reports.assign(id, cora.id)).toBeUndefined();
      await Promise.all([a.services.notifications.runOnce(), b.services.notifications.runOnce()]);
      await Promise.all([a.services.notifications.runOnce(), b.services.notifications.runOnce()]);
      expect(smtp.received.map((mail) => mail.to)).toEqual([[ada.email]]);
      const [mail] = smtp.received;
      expect(mail?.text).toContain('Subject: A report has been assigned to you');
      expect(mail?.text).toContain(`https://example.test/internal/reports/${id}`);
      for (const secret of Object.values(SEEDED)) expect(mail?.text).not.toContain(secret);
      expect(mail?.text).not.toContain('Cora');
      smtp.received.length = 0;
    },
    SLOW_MS,
  );
});

describe('the daily digest', () => {
  it(
    'goes once a day to each coordinator and admin who asked for it, whatever the number of instances',
    async () => {
      expect(await a.services.operationsFor(cora).account.mailPreferences()).toEqual({
        dailyDigest: false,
        digestHour: 7,
      });
      await a.services.operationsFor(cora).account.setDailyDigest(true);
      await b.services.operationsFor(ada).account.setDailyDigest(true);
      // A viewer cannot ask for one.
      const refused = await a.services
        .operationsFor(vera)
        .account.setDailyDigest(true)
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'FORBIDDEN', status: 403 });

      // Today in the test is tomorrow in Belgium, so that every report below was received before it.
      const today = nextDay(new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Brussels' }));
      const fresh = await newReport();
      const old = await newReport(10);
      expect(fresh).not.toBe(old);
      // A reminder on an unassigned report, due today: both digests count it; its note travels nowhere.
      await a.services.operationsFor(cora, { now: () => brusselsTime(today, '06:00') }).reminders.set(old, {
        dueOn: today,
        note: `${NOTE} ${SEEDED.lastName}`,
      });

      // Before the hour (7 by default), nothing.
      expect(await tickBoth(brusselsTime(today, '06:59'))).toEqual({ queued: 0, empty: 0 });
      expect(smtp.received).toHaveLength(0);

      // Both instances tick at 7:00 at the same moment: one digest each for Cora and Ada.
      expect(await tickBoth(brusselsTime(today, '07:00'))).toEqual({ queued: 2, empty: 0 });
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([ada.email, cora.email].sort());
      const digest = smtp.received.find((mail) => mail.to[0] === cora.email)?.text ?? '';
      expect(digest).toContain('Subject: Daily overview:');
      expect(digest).toContain('new reports not yet taken up');
      expect(digest).toMatch(/• 1 of them past the promised response time/);
      expect(digest).toContain('• 1 reminder due for you');
      expect(digest).toContain('https://example.test/internal/reports?status=new&sort=received-asc');
      expect(digest).toContain('https://example.test/internal/dashboard');
      expect(digest).toContain('https://example.test/internal/account');
      for (const secret of [...Object.values(SEEDED), NOTE, 'Cora', 'Ada', cora.email.split('@')[0] as string]) {
        expect(
          digest
            .split('\n')
            .filter((line) => !/^(To|X-|Message-ID|From)/i.test(line))
            .join('\n'),
        ).not.toContain(secret);
      }

      // Later the same day, on either instance: nothing more.
      expect(await tickBoth(brusselsTime(today, '13:00'))).toEqual({ queued: 0, empty: 0 });
      expect(await tickBoth(brusselsTime(today, '23:59'))).toEqual({ queued: 0, empty: 0 });
      expect(smtp.received).toHaveLength(2);
      const rows = await a.database.pool.query('select staff_id, day::text from staff_digest order by staff_id');
      expect(rows.rows).toHaveLength(2);

      // The next day: again, once each; the reminder is still due (nobody marked it done).
      const tomorrow = nextDay(today);
      expect(await tickBoth(brusselsTime(tomorrow, '07:05'))).toEqual({ queued: 2, empty: 0 });
      expect(await tickBoth(brusselsTime(tomorrow, '07:06'))).toEqual({ queued: 0, empty: 0 });
      expect(smtp.received).toHaveLength(4);
      expect(smtp.received.filter((mail) => mail.to[0] === quiet.email)).toHaveLength(0);

      // A day with nothing to say is claimed but not sent.
      // Every report taken up (a status change is a first response, decision 0029), the reminder done.
      await a.database.pool.query(`update report set status = 'in_review', first_response_at = now()`);
      await a.database.pool.query(`update report_reminder set done_at = now(), done_by = $1`, [cora.id]);
      expect(await tickBoth(brusselsTime(nextDay(today, 2), '08:00'))).toEqual({ queued: 0, empty: 2 });
      expect(smtp.received).toHaveLength(4);

      // Turned off: no digest the day after.
      await a.services.operationsFor(cora).account.setDailyDigest(false);
      await a.database.pool.query(`update report set status = 'new'`);
      expect(await tickBoth(brusselsTime(nextDay(today, 3), '09:00'))).toEqual({ queued: 1, empty: 0 });
      expect(smtp.received.at(-1)?.to).toEqual([ada.email]);
    },
    SLOW_MS,
  );
});
