import { ERASURE_WARNING_DAYS, REPORTER_QUIET_DAYS, type RetentionPeriods } from '@app/core/casework/retention';
import { and, asc, eq, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { legalHold } from '../../db/retention-schema.ts';
import { report } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'> | Pick<Tx, 'select'>;

/**
 * When each report's personal data falls due for erasure (decision 0040): its outcome's period after
 * it reached that status, and never within REPORTER_QUIET_DAYS of the reporter's last message. A
 * report under a legal hold, already erased, or in an outcome without a period has no date.
 */
export function erasureSchedule(periods: RetentionPeriods) {
  const period: SQL<number | null> = sql`(case ${report.status}
    when 'rejected' then ${periods.rejected}::int
    when 'closed' then ${periods.closed}::int
    when 'verified' then ${periods.verified ?? null}::int
    else null end)`;
  const lastReporterMessage = sql`(select max(m.created_at) from report_message m
    where m.report_id = ${report.id} and m.author = 'reporter')`;
  const dueAt = sql<Date>`greatest(
    ${report.statusChangedAt} + make_interval(months => ${period}),
    ${lastReporterMessage} + make_interval(days => ${REPORTER_QUIET_DAYS}))`.mapWith((value) => new Date(value));

  /** Reports due by `until`, earliest first, with their outcome and period. */
  const dueBy = (db: Reader, until: Date, only?: string) =>
    db
      .select({
        id: report.id,
        status: report.status,
        months: period.mapWith(Number),
        dueAt,
        receivedAt: report.createdAt,
        incidentType: report.incidentType,
      })
      .from(report)
      .leftJoin(legalHold, eq(legalHold.reportId, report.id))
      .where(
        and(
          only ? eq(report.id, only) : undefined,
          isNull(report.personalDataErasedAt),
          isNull(legalHold.id),
          isNotNull(period),
          lte(dueAt, until),
        ),
      )
      .orderBy(asc(dueAt));

  return {
    /** Reports to erase at `now`. */
    due: (db: Reader, now: Date, only?: string) => dueBy(db, now, only),
    /** Reports erased within ERASURE_WARNING_DAYS of `now` (or already due): coordinators are warned. */
    soon: (db: Reader, now: Date) => dueBy(db, new Date(now.getTime() + ERASURE_WARNING_DAYS * 86_400_000)),
    /** When one report falls due, if it does. */
    async of(db: Reader, id: string): Promise<Date | undefined> {
      const [row] = await dueBy(db, new Date(8.64e15), id);
      return row?.dueAt;
    },
  };
}

export type ErasureSchedule = ReturnType<typeof erasureSchedule>;
