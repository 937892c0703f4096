import { isAppError } from '@app/core/errors/app-error';
import { todayInBelgium } from '@app/core/site/dates';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { useSiteWithStaff } from '../../test/site-with-staff.ts';
import { storeReport } from '../../test/stored-report.ts';
import { SEEDED } from '../../test/submission-helpers.ts';
import type { TestServer } from '../../test/test-server.ts';

/** Each test signs staff in (scrypt) and starts the site: slow on a busy machine. */
const SLOW_MS = 180_000;

let server: TestServer;
let cora: StaffIdentity;
let colin: StaffIdentity;
let ada: StaffIdentity;
let vera: StaffIdentity;

/** Noon in Brussels on a day (12:00 is 10:00 or 11:00 UTC: either way the same calendar day). */
const noonOn = (day: string) => new Date(`${day}T10:30:00Z`);
const ops = (actor: StaffIdentity, day: string) => server.services.operationsFor(actor, { now: () => noonOn(day) });

async function newReport(): Promise<string> {
  return storeReport(server.services);
}

const dueNotes = async (actor: StaffIdentity, day: string) =>
  (await ops(actor, day).dashboard()).dueReminders?.reminders.map((reminder) => reminder.note);

useSiteWithStaff(
  {
    cora: ['coordinator', 'Cora'],
    colin: ['coordinator', 'Colin'],
    ada: ['admin', 'Ada'],
    vera: ['viewer', 'Vera'],
  },
  (site) => {
    server = site.server;
    ({ cora, colin, ada, vera } = site.staff);
  },
  SLOW_MS,
);

describe('reminders on a report', () => {
  it(
    'takes a day in Belgium from today on and a short note, with translated codes for anything else',
    async () => {
      const id = await newReport();
      const { reminders } = ops(cora, '2026-03-10');
      await expect(reminders.set(id, { dueOn: '2026-03-09', note: 'Bellen' })).rejects.toMatchObject({
        code: 'reminders.dateInPast',
      });
      await expect(reminders.set(id, { dueOn: '2026-02-30', note: 'Bellen' })).rejects.toMatchObject({
        code: 'reminders.dateInvalid',
      });
      await expect(reminders.set(id, { dueOn: '', note: 'Bellen' })).rejects.toMatchObject({
        code: 'reminders.dateRequired',
      });
      await expect(reminders.set(id, { dueOn: '2026-03-10', note: '   ' })).rejects.toMatchObject({
        code: 'reminders.noteRequired',
      });
      await expect(reminders.set(id, { dueOn: '2026-03-10', note: 'x'.repeat(301) })).rejects.toMatchObject({
        code: 'reminders.noteTooLong',
      });
      await expect(
        reminders.set('00000000-0000-4000-8000-000000000000', { dueOn: '2026-03-10', note: 'Bellen' }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      // 00:30 in Brussels on 10 March is still 9 March in UTC: the Belgian day is the one that counts.
      const justAfterMidnight = server.services.operationsFor(cora, { now: () => new Date('2026-03-09T23:30:00Z') });
      await expect(justAfterMidnight.reminders.set(id, { dueOn: '2026-03-09', note: 'Bellen' })).rejects.toMatchObject({
        code: 'reminders.dateInPast',
      });
      expect(
        await reminders.set(id, { dueOn: '2026-03-10', note: ` Terugbellen over ${SEEDED.firstName} ` }),
      ).toBeUndefined();
      const detail = await ops(cora, '2026-03-10').reports.open(id);
      expect(detail?.reminders).toMatchObject([
        {
          dueOn: '2026-03-10',
          note: `Terugbellen over ${SEEDED.firstName}`,
          createdBy: 'Cora',
          isDue: true,
          doneAt: null,
        },
      ]);
      // Sealed at rest: the note is not in the table, nor in the audit log.
      const stored = await server.database.pool.query('select note from report_reminder where report_id = $1', [id]);
      expect(stored.rows[0].note).not.toContain('Terugbellen');
      const audit = await server.database.pool.query(
        `select action, details::text as details from audit_event where subject_id = $1 and action like 'report.reminder%'`,
        [id],
      );
      expect(audit.rows.map((row) => row.action)).toEqual(['report.reminder-set']);
      expect(audit.rows[0].details).not.toContain('Terugbellen');
    },
    SLOW_MS,
  );

  it(
    'refuses a viewer, who never sees a reminder either',
    async () => {
      const id = await newReport();
      const refused = await ops(vera, '2026-03-10')
        .reminders.set(id, { dueOn: '2026-03-10', note: 'Bellen' })
        .catch((error: unknown) => error);
      expect(isAppError(refused)).toBe(true);
      expect(refused).toMatchObject({ code: 'FORBIDDEN', status: 403 });
      const denied = await server.database.pool.query(
        `select count(*)::int as n from audit_event where action = 'access.denied' and actor_id = $1`,
        [vera.id],
      );
      expect(denied.rows[0].n).toBeGreaterThan(0);
      await ops(cora, '2026-03-10').reminders.set(id, { dueOn: '2026-03-10', note: 'Alleen voor medewerkers' });
      const dashboard = await ops(vera, '2026-03-10').dashboard();
      expect(dashboard).not.toHaveProperty('dueReminders');
      expect(JSON.stringify(dashboard)).not.toContain('Alleen voor medewerkers');
    },
    SLOW_MS,
  );

  it(
    'becomes due on its day, for the assignee only, or for every coordinator and admin when nobody has the report',
    async () => {
      // Start from a clean slate: the earlier tests' reminders are done.
      await server.database.pool.query(`update report_reminder set done_at = now(), done_by = $1`, [cora.id]);
      const assigned = await newReport();
      const unassigned = await newReport();
      const earlier = await newReport();
      expect(await ops(ada, '2026-03-01').reports.assign(assigned, colin.id)).toBeUndefined();
      const { reminders } = ops(cora, '2026-03-01');
      expect(await reminders.set(assigned, { dueOn: '2026-03-11', note: 'Colin: getuige bellen' })).toBeUndefined();
      expect(await reminders.set(unassigned, { dueOn: '2026-03-11', note: 'Iemand: foto’s bekijken' })).toBeUndefined();
      expect(await reminders.set(earlier, { dueOn: '2026-03-05', note: 'Iemand: oudste eerst' })).toBeUndefined();

      // The day before: only the reminder of the 5th is due.
      for (const member of [cora, colin, ada]) {
        expect(await dueNotes(member, '2026-03-10')).toEqual(['Iemand: oudste eerst']);
      }
      // On the day: the assignee sees theirs; everyone who may manage reports sees the unassigned ones.
      expect(await dueNotes(colin, '2026-03-11')).toEqual([
        'Iemand: oudste eerst',
        'Colin: getuige bellen',
        'Iemand: foto’s bekijken',
      ]);
      expect(await dueNotes(cora, '2026-03-11')).toEqual(['Iemand: oudste eerst', 'Iemand: foto’s bekijken']);
      expect(await dueNotes(ada, '2026-03-11')).toEqual(['Iemand: oudste eerst', 'Iemand: foto’s bekijken']);
      const colinsDashboard = await ops(colin, '2026-03-11').dashboard();
      expect(colinsDashboard.dueReminders?.count).toBe(3);
      expect(colinsDashboard.dueReminders?.reminders[0]).toMatchObject({ reportId: earlier, dueOn: '2026-03-05' });
      expect(await ops(vera, '2026-03-11').dashboard()).not.toHaveProperty('dueReminders');

      // Assigned to a member who is then disabled: the reminder is nobody's, so everyone's.
      await server.database.pool.query('update staff_user set banned = true where id = $1', [colin.id]);
      expect(await dueNotes(cora, '2026-03-11')).toContain('Colin: getuige bellen');
      await server.database.pool.query('update staff_user set banned = false where id = $1', [colin.id]);

      // Done: it leaves the dashboards and stays on the report, crossed off; twice is a conflict.
      const [first] = (await ops(cora, '2026-03-11').reports.open(earlier))?.reminders ?? [];
      expect(await ops(cora, '2026-03-11').reminders.complete(earlier, first?.id ?? '')).toBeUndefined();
      await expect(ops(ada, '2026-03-11').reminders.complete(earlier, first?.id ?? '')).rejects.toMatchObject({
        code: 'reminders.conflict',
      });
      expect(await dueNotes(cora, '2026-03-11')).toEqual(['Iemand: foto’s bekijken']);
      expect((await ops(cora, '2026-03-11').reports.open(earlier))?.reminders).toMatchObject([
        { doneBy: 'Cora', isDue: false },
      ]);
      // A reminder of another report cannot be touched through this one.
      await expect(ops(cora, '2026-03-11').reminders.remove(unassigned, first?.id ?? '')).rejects.toMatchObject({
        code: 'reminders.notFound',
      });
      // Removed: gone everywhere, and the audit log keeps that it was.
      const [other] = (await ops(cora, '2026-03-11').reports.open(unassigned))?.reminders ?? [];
      expect(await ops(cora, '2026-03-11').reminders.remove(unassigned, other?.id ?? '')).toBeUndefined();
      expect(await dueNotes(cora, '2026-03-11')).toEqual([]);
      expect(await dueNotes(colin, '2026-03-11')).toEqual(['Colin: getuige bellen']);
      const actions = await server.database.pool.query(
        // The reminders' rows; opening the report to find one is a look (decision 0049), listed apart.
        `select action from audit_event where subject_id = $1 and action <> 'report.opened' order by occurred_at, id`,
        [unassigned],
      );
      expect(actions.rows.map((row) => row.action)).toEqual(['report.reminder-set', 'report.reminder-removed']);
    },
    SLOW_MS,
  );

  it(
    'is erased with the report’s free texts when the retention period ends',
    async () => {
      const id = await newReport();
      await ops(cora, '2026-03-10').reminders.set(id, { dueOn: '2026-03-12', note: 'Wordt gewist' });
      await server.database.pool.query(
        `update report set status = 'closed', status_changed_at = now() - interval '10 years' where id = $1`,
        [id],
      );
      await server.services.retention.eraseReports(new Date());
      const left = await server.database.pool.query(
        'select count(*)::int as n from report_reminder where report_id = $1',
        [id],
      );
      expect(left.rows[0].n).toBe(0);
    },
    SLOW_MS,
  );

  it(
    'is re-sealed by a key rotation like every other sealed column',
    async () => {
      const { SEALED_COLUMNS } = await import('../../services/backup/key-rotation.ts');
      expect(SEALED_COLUMNS).toContainEqual({ table: 'report_reminder', columns: ['note'] });
      expect(todayInBelgium(noonOn('2026-03-10'))).toBe('2026-03-10');
    },
    SLOW_MS,
  );
});
