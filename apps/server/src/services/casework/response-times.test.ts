import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { computeStats } from '../figures/stats.ts';
import { computeResponseTimes, nearestRank } from './response-times.ts';

// Response times by month on crafted reports: every figure below is worked out by hand.
// March 2026 is in winter time (UTC+1) up to the 29th; April in summer time (UTC+2).

let database: TestDatabase;
const NOW = new Date('2026-04-15T12:00:00Z');

/** A report received at `receivedAt`, answered by a status change and/or a staff message. */
async function report(
  receivedAt: string,
  { statusAt, messageAt, quarantined = false }: { statusAt?: string; messageAt?: string; quarantined?: boolean } = {},
) {
  const id = randomUUID();
  await database.pool.query(
    `insert into report (id, language, is_anonymous, incident_date, location, incident_type, description,
       called_police, called_organisation, medical_treatment, terms_accepted_at, created_at, is_quarantined)
     values ($1, 'nl', true, '2026-03-01', 'sealed', 'verbal', 'sealed', false, false, false, $2, $2, $3)`,
    [id, receivedAt, quarantined],
  );
  if (statusAt) {
    await database.pool.query(
      `insert into report_status_change (report_id, from_status, to_status, actor_id, occurred_at)
       values ($1, 'new', 'in_review', 'staff-1', $2)`,
      [id, statusAt],
    );
  }
  if (messageAt) {
    await database.pool.query(
      `insert into report_message (report_id, author, staff_id, body, created_at) values ($1, 'staff', 'staff-1', 'sealed', $2)`,
      [id, messageAt],
    );
  }
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool);
  await database.pool.query(
    `insert into staff_user (id, name, email, role) values ('staff-1', 'Staff', 'staff@example.org', 'coordinator')`,
  );
  // Monday 2 March 2026 at 09:00 (08:00 UTC), answered after…
  const monday = '2026-03-02T08:00:00Z';
  await report(monday, { statusAt: '2026-03-02T14:00:00Z' }); // Monday 15:00: 0.25
  // …a message on Tuesday 09:00 (1.0), before the status change on Wednesday: the first counts.
  await report(monday, { messageAt: '2026-03-03T08:00:00Z', statusAt: '2026-03-04T08:00:00Z' });
  await report(monday, { statusAt: '2026-03-02T20:00:00Z' }); // Monday 21:00: 0.5
  await report(monday, { statusAt: '2026-03-04T20:00:00Z' }); // Wednesday 21:00: 2.5, late
  await report(monday, { statusAt: '2026-03-06T08:00:00Z' }); // Friday 09:00: 4.0, late
  await report(monday, { statusAt: '2026-03-04T08:00:00Z' }); // Wednesday 09:00: 2.0, just in time
  await report(monday); // never answered: its promise ran out on Wednesday 4 March
  // Saturday 7 March at 12:00, answered on Monday at 06:00: only Monday's six hours count (0.25).
  await report('2026-03-07T11:00:00Z', { messageAt: '2026-03-09T05:00:00Z' });
  // Held back by the spam check: not counted at all.
  await report('2026-03-02T08:00:00Z', { quarantined: true, statusAt: '2026-03-02T09:00:00Z' });
  // 00:30 on Wednesday 1 April in Brussels (still 31 March in UTC): an April report, answered at
  // 12:00 the same day (11.5 hours: 0.479…).
  await report('2026-03-31T22:30:00Z', { statusAt: '2026-04-01T10:00:00Z' });
  // This morning, not answered yet, still within its promise: not judged yet.
  await report('2026-04-15T08:00:00Z');
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

describe('response times by month', () => {
  it('takes the median and the 90th percentile by nearest rank', () => {
    expect(nearestRank([1], 0.5)).toBe(1);
    expect(nearestRank([1, 2], 0.5)).toBe(1);
    expect(nearestRank([1, 2, 3], 0.5)).toBe(2);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9)).toBe(10);
  });

  it('gives each month its reports, median, 90th percentile and share within the promise', async () => {
    const result = await computeResponseTimes(database.db, { months: ['2026-03', '2026-04'], now: NOW, promise: 2 });
    expect(result.promiseWorkingDays).toBe(2);
    const [march, april] = result.months;
    // March: 8 reports; answered in 0.25, 0.25, 0.5, 1, 2, 2.5 and 4 working days (7).
    // Median: rank ⌈7 × 0.5⌉ = 4 → 1. 90th percentile: rank ⌈7 × 0.9⌉ = 7 → 4.
    // Within 2 working days: 5 of the 8 judged (the 7 answered and the one whose promise ran out).
    expect(march).toEqual({
      month: '2026-03',
      received: 8,
      answered: 7,
      medianWorkingDays: 1,
      p90WorkingDays: 4,
      withinPromise: 5,
      judged: 8,
      waiting: 1,
    });
    // April: the report of 00:30 on 1 April, answered in 11.5 hours; this morning's is not judged.
    expect(april).toMatchObject({
      month: '2026-04',
      received: 2,
      answered: 1,
      withinPromise: 1,
      judged: 1,
      waiting: 1,
    });
    expect(april?.medianWorkingDays).toBeCloseTo(11.5 / 24, 9);
    expect(april?.p90WorkingDays).toBeCloseTo(11.5 / 24, 9);
  });

  it('follows the promise in force: within 3 working days, the 2.5-day answer is in time too', async () => {
    const result = await computeResponseTimes(database.db, { months: ['2026-03'], now: NOW, promise: 3 });
    expect(result.months[0]).toMatchObject({ withinPromise: 6, judged: 8 });
  });

  it('leaves months without reports empty, and judges an unanswered report only once its promise ran out', async () => {
    const early = await computeResponseTimes(database.db, {
      months: ['2026-02', '2026-03'],
      // Tuesday 3 March at noon: nobody's promise has run out yet.
      now: new Date('2026-03-03T11:00:00Z'),
      promise: 2,
    });
    expect(early.months[0]).toEqual({
      month: '2026-02',
      received: 0,
      answered: 0,
      medianWorkingDays: null,
      p90WorkingDays: null,
      withinPromise: 0,
      judged: 0,
      waiting: 0,
    });
    expect(early.months[1]).toMatchObject({ received: 8, waiting: 1, judged: 7 });
  });

  it('reaches the statistics page through computeStats, over the months of its monthly chart', async () => {
    const stats = await computeStats(database.db, { from: '2025-05-01', to: '2026-04-30' }, 12, {
      now: NOW,
      promise: 2,
    });
    expect(stats.responseTimes.months.map((month) => month.month)).toEqual([
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    expect(stats.responseTimes.months.at(-2)).toMatchObject({ received: 8, medianWorkingDays: 1, p90WorkingDays: 4 });
  });
});
