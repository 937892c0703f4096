import {
  addWorkingDays,
  startOfBelgianDay,
  workingCalendar,
  workingDaysBefore,
  workingDaysBetween,
  workingPosition,
} from '@app/core/casework/working-days';
import type { ResponseTimeMonth, ResponseTimes } from '@app/core/figures/stats-api';
import { and, asc, count, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { report, reportMessage } from '../../db/schema.ts';

/**
 * Response times (docs/decisions/0029-response-times.md). A report's first response is the first
 * thing staff did that its reporter can see: a status change or a staff message, whichever came
 * first (`report.first_response_at`, kept by triggers). Notes and assignment are staff's own and
 * do not count. Time is counted in working days in Belgium (`@app/core/working-days`). Reports
 * held back by the spam check are left out: nobody promised a robot an answer.
 */

type Reader = Pick<Db, 'select' | 'execute'>;

/** A report, as the dashboard's queues show it: no text, no name. */
export type WaitingReportRow = { id: string; receivedAt: Date; incidentType: string };
export type WaitingMessageRow = { reportId: string; incidentType: string; waitingSince: Date; messages: number };

export type ResponseQueue = {
  overdue: { count: number; reports: (WaitingReportRow & { dueAt: Date; workingDaysWaited: number })[] };
  dueSoon: { count: number; reports: (WaitingReportRow & { dueAt: Date; workingDaysWaited: number })[] };
  waitingMessages: { count: number; reports: (WaitingMessageRow & { workingDaysWaited: number })[] };
};

/**
 * The reports past or near the promise and the reporter messages waiting for an answer, oldest
 * first, at most `limit` of each with their counts. A report is overdue when it arrived no later
 * than `workingDaysBefore(now, promise)`, and due soon when one working day or less is left: one
 * comparison of dates each, on the index of unanswered reports.
 */
export async function readResponseQueue(
  db: Reader,
  { now, promise, limit }: { now: Date; promise: number; limit: number },
): Promise<ResponseQueue> {
  const overdueUpTo = workingDaysBefore(now, promise);
  const dueSoonUpTo = workingDaysBefore(now, Math.max(0, promise - 1));
  const unanswered = and(isNull(report.firstResponseAt), eq(report.isQuarantined, false));
  const waitingReports = (where: SQL | undefined) =>
    db
      .select({ id: report.id, receivedAt: report.createdAt, incidentType: report.incidentType })
      .from(report)
      .where(and(unanswered, where))
      .orderBy(asc(report.createdAt), asc(report.id))
      .limit(limit);
  const [counts, overdueRows, dueSoonRows, waiting] = await Promise.all([
    db
      .select({
        overdue: sql<number>`count(*) filter (where ${report.createdAt} <= ${overdueUpTo.toISOString()})::int`,
        dueSoon: count(),
      })
      .from(report)
      .where(and(unanswered, lte(report.createdAt, dueSoonUpTo))),
    waitingReports(lte(report.createdAt, overdueUpTo)),
    waitingReports(and(gt(report.createdAt, overdueUpTo), lte(report.createdAt, dueSoonUpTo))),
    readWaitingMessages(db, limit),
  ]);
  const overdue = counts[0]?.overdue ?? 0;
  const withDeadline = (row: WaitingReportRow) => ({
    ...row,
    dueAt: addWorkingDays(row.receivedAt, promise),
    workingDaysWaited: workingDaysBetween(row.receivedAt, now),
  });
  return {
    overdue: { count: overdue, reports: overdueRows.map(withDeadline) },
    dueSoon: { count: (counts[0]?.dueSoon ?? 0) - overdue, reports: dueSoonRows.map(withDeadline) },
    waitingMessages: {
      count: waiting.count,
      reports: waiting.rows.map((row) => ({ ...row, workingDaysWaited: workingDaysBetween(row.waitingSince, now) })),
    },
  };
}

/**
 * Reports whose reporter wrote after the last staff message (or when staff never wrote): since
 * when, and how many messages. Only a staff message answers a message; a status change does not.
 */
async function readWaitingMessages(db: Reader, limit: number) {
  // From the thread alone (its two partial indexes), then each waiting report looked up by its key:
  // a join would read every report to find a few thousand.
  const { rows } = await db.execute<{
    report_id: string;
    incident_type: string;
    waiting_since: string;
    messages: number;
    total: number;
  }>(sql`
    with waiting as (
      select message.report_id, min(message.created_at) as waiting_since, count(*)::int as messages
        from ${reportMessage} as message
       where message.author = 'reporter'
         and not exists (
           select 1 from ${reportMessage} as answer
            where answer.report_id = message.report_id and answer.author = 'staff'
              and answer.created_at >= message.created_at)
       group by message.report_id
    )
    select waiting.report_id, found.incident_type, waiting.waiting_since, waiting.messages,
           (count(*) over ())::int as total
      from waiting
      cross join lateral (
        select ${report.incidentType} as incident_type from ${report}
         where ${report.id} = waiting.report_id and ${report.isQuarantined} = false
      ) as found
     order by waiting.waiting_since, waiting.report_id
     limit ${limit}`);
  return {
    count: rows[0]?.total ?? 0,
    rows: rows.map(
      (row): WaitingMessageRow => ({
        reportId: row.report_id,
        incidentType: row.incident_type,
        waitingSince: new Date(row.waiting_since),
        messages: row.messages,
      }),
    ),
  };
}

/**
 * Response times by the month reports arrived (Brussels), for the given months (YYYY-MM, oldest
 * first). One pass over the index of arrivals and first responses; each report is then placed on
 * the working calendar of the period (`workingCalendar`) in constant time. The median and the
 * 90th percentile are by nearest rank: at least half, and at least nine in ten, of the answered
 * reports were answered within them. The share within the promise counts the answered reports and
 * those whose promise ran out unanswered; a report still within its promise is not judged yet.
 */
export async function computeResponseTimes(
  db: Reader,
  { months, now, promise }: { months: string[]; now: Date; promise: number },
): Promise<ResponseTimes> {
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return { promiseWorkingDays: promise, months: [] };
  const monthStart = (key: string) => startOfBelgianDay(`${key}-01`).getTime();
  const [year, month] = last.split('-').map(Number) as [number, number];
  const afterLast = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
  const monthStarts = [...months, afterLast].map(monthStart);
  // From the first month to well past today: answers come after arrivals, up to now.
  const end = Math.max(now.getTime(), monthStarts.at(-1) as number) + (promise * 2 + 40) * 86_400_000;
  const calendar = workingCalendar(`${first}-01`, new Date(end).toISOString().slice(0, 10));
  const nowPosition = workingPosition(calendar, now.getTime());
  // Epoch milliseconds as numbers, counted here against the calendar in constant time per report:
  // PostgreSQL only reads the index of arrivals and first responses. `date_part` is a float8 (no
  // rounding for milliseconds); `extract` is numeric and made this read three times as long
  // (82 against 24 ms for 67,000 reports, explain analyze).
  const { rows } = await db.execute<{ a: string; b: string | null }>(sql`
    select date_part('epoch', ${report.createdAt}) * 1000 as a,
           date_part('epoch', ${report.firstResponseAt}) * 1000 as b
      from ${report}
     where ${report.isQuarantined} = false
       and ${report.createdAt} >= ${new Date(monthStarts[0] as number).toISOString()}
       and ${report.createdAt} < ${new Date(monthStarts.at(-1) as number).toISOString()}`);
  const tallies = months.map(() => ({ received: 0, waiting: 0, judged: 0, withinPromise: 0, times: [] as number[] }));
  for (const row of rows) {
    const receivedAt = Number(row.a);
    // The month it arrived in Brussels: the last month that started at or before it.
    let index = tallies.length - 1;
    while (index > 0 && receivedAt < (monthStarts[index] as number)) index -= 1;
    const tally = tallies[index];
    if (!tally) continue;
    tally.received += 1;
    const arrival = workingPosition(calendar, receivedAt);
    if (row.b === null) {
      tally.waiting += 1;
      if (nowPosition - arrival >= promise - EPSILON) tally.judged += 1;
      continue;
    }
    const taken = Math.max(0, workingPosition(calendar, Number(row.b)) - arrival);
    tally.judged += 1;
    if (taken <= promise + EPSILON) tally.withinPromise += 1;
    tally.times.push(taken);
  }
  return {
    promiseWorkingDays: promise,
    months: months.map((key, index): ResponseTimeMonth => {
      const tally = tallies[index] as (typeof tallies)[number];
      const sorted = tally.times.sort((left, right) => left - right);
      return {
        month: key,
        received: tally.received,
        answered: sorted.length,
        medianWorkingDays: sorted.length ? nearestRank(sorted, 0.5) : null,
        p90WorkingDays: sorted.length ? nearestRank(sorted, 0.9) : null,
        withinPromise: tally.withinPromise,
        judged: tally.judged,
        waiting: tally.waiting,
      };
    }),
  };
}

/** A millisecond, in working days: the deadline's own rounding, not a difference in the rule. */
const EPSILON = 1 / 86_400_000;

/**
 * A percentile by nearest rank: the smallest value with at least `share` of the values at or
 * below it. `sorted` is in ascending order and not empty.
 */
export function nearestRank(sorted: readonly number[], share: number): number {
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1] as number;
}
