import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateReport } from '@app/core/forms/report.schema';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, type Site } from '../../composition/site.ts';
import { createStaffSide } from '../../composition/staff-side.ts';
import { loadConfig } from '../../config.ts';
import { runMigrations } from '../../db/migrate.ts';
import { createLogger } from '../../logger.ts';
import { submitReport } from '../../services/intake/submit-report.ts';
import { reportPayload, SEEDED } from '../../test/submission-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { OperationDeps } from '../operation-context.ts';
import { viewDashboard } from './view-dashboard.ts';

// The dashboard's response-time queues, end to end through the operation and its presenter on a
// real PostgreSQL, with the clock set by the test (decision 0029). The promise: 2 working days.

let database: TestDatabase;
let services: Site;
let operationDeps: OperationDeps;
let dataDir: string;
let coordinator: StaffIdentity;
let viewer: StaffIdentity;
const ids: Record<string, string> = {};

/** A report as the form sends it, then dated as if it had arrived at `receivedAt`. */
async function reportAt(receivedAt: string, { quarantined = false } = {}): Promise<string> {
  const input = validateReport(reportPayload());
  if (!input.success) throw new Error(JSON.stringify(input.errors));
  const { reportId } = await submitReport(services, input.data, [], { isQuarantined: quarantined });
  await database.pool.query('update report set created_at = $2 where id = $1', [reportId, receivedAt]);
  await database.pool.query(`update report_message set created_at = $2 where report_id = $1`, [reportId, receivedAt]);
  return reportId;
}

async function message(reportId: string, author: 'reporter' | 'staff', at: string) {
  await database.pool.query(
    `insert into report_message (report_id, author, staff_id, body, created_at) values ($1, $2, $3, $4, $5)`,
    [
      reportId,
      author,
      author === 'staff' ? coordinator.id : null,
      services.encryption.sealText(SEEDED.description),
      at,
    ],
  );
}

/** The dashboard of `actor` as it stands at `now`. */
function dashboardAt(now: string, actor: StaffIdentity = coordinator) {
  return viewDashboard({ ...operationDeps, now: () => new Date(now) }, actor);
}

async function member(role: 'coordinator' | 'viewer', name: string): Promise<StaffIdentity> {
  const email = `${role}@example.org`;
  const created = await services.commandLine.staff.create({ email, name, role }, `a long test password for ${name}`);
  return { id: created.id, email, name, role };
}

/** The Friday report in a queue, `workingDaysWaited` working days on: due on Wednesday at 15:00. */
const fridayInQueue = (workingDaysWaited: number) => ({
  reportId: ids.friday,
  receivedAt: '2026-04-03T13:00:00.000Z',
  incidentType: 'verbal',
  dueAt: '2026-04-08T13:00:00.000Z',
  workingDaysWaited,
});

const queueIds = (queue: { reports: { reportId: string }[] } | undefined) =>
  queue?.reports.map((entry) => Object.keys(ids).find((name) => ids[name] === entry.reportId));

beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-response-times-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://example.test',
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const logger = createLogger('silent');
  services = createSite(config, database, logger);
  ({ operationDeps } = createStaffSide(config, database, services.encryption, logger, services.storage));
  expect(operationDeps.responsePromiseWorkingDays).toBe(2);
  coordinator = await member('coordinator', 'Cora');
  viewer = await member('viewer', 'Vic');

  // Friday 3 April 2026 at 15:00 in Brussels, before the Easter weekend and Easter Monday.
  ids.friday = await reportAt('2026-04-03T13:00:00Z');
  // Saturday 4 April at 12:00: counted from Tuesday 7 April at midnight.
  ids.saturday = await reportAt('2026-04-04T10:00:00Z');
  // Tuesday 7 April at 10:00.
  ids.tuesday = await reportAt('2026-04-07T08:00:00Z');
  // Held back by the spam check: nobody promised a robot an answer.
  ids.quarantined = await reportAt('2026-04-02T08:00:00Z', { quarantined: true });
  // Answered on the day it came, by a status change: not waiting, but its thread may be.
  ids.answered = await reportAt('2026-03-30T08:00:00Z');
  await database.pool.query(
    `insert into report_status_change (report_id, from_status, to_status, actor_id, occurred_at)
     values ($1, 'new', 'in_review', $2, '2026-03-30T09:00:00Z')`,
    [ids.answered, coordinator.id],
  );
  await database.pool.query(`update report set status = 'in_review' where id = $1`, [ids.answered]);
  // The reporter wrote twice since (Thursday 2 April at 12:00, Friday at 11:00): a status change
  // answers no message.
  await message(ids.answered, 'reporter', '2026-04-02T10:00:00Z');
  await message(ids.answered, 'reporter', '2026-04-03T09:00:00Z');
  // Another thread: staff wrote, the reporter answered after it (Tuesday 7 April at 09:00).
  ids.thread = await reportAt('2026-03-31T08:00:00Z');
  await message(ids.thread, 'staff', '2026-03-31T12:00:00Z');
  await message(ids.thread, 'reporter', '2026-04-02T08:00:00Z');
  await message(ids.thread, 'staff', '2026-04-02T09:00:00Z');
  await message(ids.thread, 'reporter', '2026-04-07T07:00:00Z');
  // A thread that staff answered: nothing waits.
  ids.replied = await reportAt('2026-03-31T08:00:00Z');
  await message(ids.replied, 'reporter', '2026-04-01T08:00:00Z');
  await message(ids.replied, 'staff', '2026-04-01T09:00:00Z');
}, 120_000);

afterAll(async () => {
  await services?.notifications.stop();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the dashboard: reports past or near the promise of two working days', () => {
  it('counts a staff message or a status change as the first response, and nothing else', async () => {
    const { rows } = await database.pool.query<{ id: string; first_response_at: Date | null }>(
      'select id, first_response_at from report where id = any($1)',
      [[ids.answered, ids.thread, ids.friday]],
    );
    const first = Object.fromEntries(rows.map((row) => [row.id, row.first_response_at?.toISOString() ?? null]));
    expect(first[ids.answered as string]).toBe('2026-03-30T09:00:00.000Z');
    expect(first[ids.thread as string]).toBe('2026-03-31T12:00:00.000Z');
    expect(first[ids.friday as string]).toBeNull();
  });

  it('shows nothing due over the Easter weekend and on Easter Monday', async () => {
    const dashboard = await dashboardAt('2026-04-06T20:00:00Z');
    expect(dashboard.responseTimes?.promiseWorkingDays).toBe(2);
    expect(dashboard.responseTimes?.overdue).toEqual({ count: 0, reports: [] });
    expect(dashboard.responseTimes?.dueSoon).toEqual({ count: 0, reports: [] });
  });

  it('shows the Friday report due soon from Tuesday 15:00, with one working day waited', async () => {
    expect((await dashboardAt('2026-04-07T12:59:59.999Z')).responseTimes?.dueSoon.count).toBe(0);
    const dashboard = await dashboardAt('2026-04-07T13:00:00Z');
    expect(dashboard.responseTimes?.dueSoon).toEqual({
      count: 1,
      reports: [fridayInQueue(1)],
    });
    expect(dashboard.responseTimes?.overdue.count).toBe(0);
  });

  it('makes it overdue on Wednesday at 15:00 exactly, oldest first, the others due soon', async () => {
    const before = await dashboardAt('2026-04-08T12:59:59.999Z');
    expect(before.responseTimes?.overdue.count).toBe(0);
    expect(queueIds(before.responseTimes?.dueSoon)).toEqual(['friday', 'saturday', 'tuesday']);

    const after = await dashboardAt('2026-04-08T13:00:00Z');
    expect(after.responseTimes?.overdue).toEqual({
      count: 1,
      reports: [fridayInQueue(2)],
    });
    expect(queueIds(after.responseTimes?.dueSoon)).toEqual(['saturday', 'tuesday']);
    // The Saturday report counts from Tuesday at midnight: due on Thursday at midnight.
    expect(after.responseTimes?.dueSoon.reports[0]).toMatchObject({
      dueAt: '2026-04-08T22:00:00.000Z',
      workingDaysWaited: 1.6,
    });
    expect(after.responseTimes?.dueSoon.count).toBe(2);
  });

  it('lists reporter messages waiting for a staff answer, oldest first, with the working days waited', async () => {
    const dashboard = await dashboardAt('2026-04-08T13:00:00Z');
    expect(dashboard.responseTimes?.waitingMessages).toEqual({
      count: 2,
      reports: [
        {
          reportId: ids.answered,
          incidentType: 'verbal',
          waitingSince: '2026-04-02T10:00:00.000Z',
          // Thursday from 12:00 (0.5), Friday (1), Tuesday (1), Wednesday to 15:00 (0.625).
          workingDaysWaited: 3.1,
          messages: 2,
        },
        {
          reportId: ids.thread,
          incidentType: 'verbal',
          waitingSince: '2026-04-07T07:00:00.000Z',
          // Tuesday from 09:00 (0.625) and Wednesday to 15:00 (0.625).
          workingDaysWaited: 1.3,
          messages: 1,
        },
      ],
    });
  });

  it('shows no queue, and reads none, for a role that may not read reports; nothing personal for the others', async () => {
    const forViewer = await dashboardAt('2026-04-08T13:00:00Z', viewer);
    expect(forViewer.responseTimes).toBeUndefined();
    expect(JSON.stringify(forViewer)).not.toMatch(/dueAt|workingDaysWaited|waitingSince/);
    const forCoordinator = JSON.stringify((await dashboardAt('2026-04-08T13:00:00Z')).responseTimes);
    for (const personal of [SEEDED.firstName, SEEDED.lastName, SEEDED.email, SEEDED.description, SEEDED.location]) {
      expect(forCoordinator).not.toContain(personal);
    }
  });

  it('takes a report off the queues once staff answer it, through the operations', async () => {
    const operations = services.operationsFor(coordinator);
    expect(
      await operations.reports.changeStatus(ids.friday as string, { from: 'new', to: 'in_review' }),
    ).toBeUndefined();
    expect(await operations.reports.reply(ids.answered as string, 'Thank you, we are looking at it.')).toBeUndefined();
    const dashboard = await dashboardAt('2026-04-08T13:00:00Z');
    expect(dashboard.responseTimes?.overdue.count).toBe(0);
    expect(queueIds(dashboard.responseTimes?.waitingMessages)).toEqual(['thread']);
    // A note and an assignment are staff's own: the reporter sees neither, so neither answers.
    expect(await operations.reports.addNote(ids.saturday as string, 'Called the reporter back.')).toBeUndefined();
    expect(await operations.reports.assign(ids.tuesday as string, coordinator.id)).toBeUndefined();
    expect(queueIds((await dashboardAt('2026-04-08T13:00:00Z')).responseTimes?.dueSoon)).toEqual([
      'saturday',
      'tuesday',
    ]);
  });
});
