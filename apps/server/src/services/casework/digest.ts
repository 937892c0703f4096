import type { RetentionPeriods } from '@app/core/casework/retention';
import { SITE_TIME_ZONE, todayInBelgium } from '@app/core/site/dates';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { staffDigest, staffMailPreference } from '../../db/reminders-schema.ts';
import { notificationOutbox, report } from '../../db/schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { erasureSchedule } from '../retention/erasure-schedule.ts';
import { countDueReminders } from './due-reminders.ts';
import { readResponseQueue } from './response-times.ts';

const hourInBrussels = new Intl.DateTimeFormat('en-GB', {
  timeZone: SITE_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The hour (0–23) in Brussels at `now`. */
export function brusselsHour(now: Date): number {
  return Number(hourInBrussels.format(now));
}

export type DigestCounts = {
  newReports: number;
  overdueReports: number;
  unansweredReports: number;
  dueReminders: number;
  erasuresDue: number;
};

/**
 * The figures every member's digest shares, at `now`: the reports still new, and the overdue
 * reports and waiting reporters exactly as the dashboard counts them (Belgian working days and the
 * response promise, decision 0029), so that the e-mail and the page never disagree.
 */
async function sharedCounts(db: Db, now: Date, promise: number, periods: RetentionPeriods) {
  const [fresh, queue, erasures] = await Promise.all([
    db
      .select({ value: count() })
      .from(report)
      .where(and(eq(report.status, 'new'), eq(report.isQuarantined, false))),
    readResponseQueue(db, { now, promise, limit: 1 }),
    // The warning before erasure (decision 0040): reports erased within 14 days, holds excepted.
    erasureSchedule(periods).soon(db, now),
  ]);
  return {
    newReports: fresh[0]?.value ?? 0,
    overdueReports: queue.overdue.count,
    unansweredReports: queue.waitingMessages.count,
    erasuresDue: erasures.length,
  };
}

/**
 * The daily digest (decision 0028). At or after `hour` in Brussels, each coordinator and admin who
 * asked for it gets one digest a day: a row per (member, Brussels day) under a unique key, claimed
 * in the same transaction that queues the e-mail in the notification outbox. The job runner's
 * `digest` job runs it each minute, once across the instances (decision 0035); the key is what
 * keeps a retried or repeated run from sending twice: the second insert of the same key waits for
 * the first to commit and then inserts nothing, so it queues nothing. A digest with nothing to report is claimed but not
 * sent. Every step takes `now`, so that tests stand anywhere in time.
 */
export function createDigest({
  db,
  hour,
  promise,
  periods = { rejected: 24, closed: 24 },
}: {
  db: Db;
  hour: number;
  promise: number;
  /** The retention periods per outcome, for the count of erasures due within 14 days. */
  periods?: RetentionPeriods;
}) {
  return {
    hour,
    /** Queues the digests owed at `now`; answers how many were queued and how many were empty. */
    async run(now = new Date()): Promise<{ queued: number; empty: number }> {
      const outcome = { queued: 0, empty: 0 };
      if (brusselsHour(now) < hour) return outcome;
      const today = todayInBelgium(now);
      const owed = await db
        .select({ id: staffUser.id })
        .from(staffMailPreference)
        .innerJoin(staffUser, eq(staffUser.id, staffMailPreference.staffId))
        .leftJoin(staffDigest, and(eq(staffDigest.staffId, staffUser.id), eq(staffDigest.day, today)))
        .where(
          and(
            eq(staffMailPreference.dailyDigest, true),
            eq(staffUser.banned, false),
            inArray(staffUser.role, ['admin', 'coordinator']),
            isNull(staffDigest.id),
          ),
        );
      if (owed.length === 0) return outcome;
      const shared = await sharedCounts(db, now, promise, periods);
      for (const member of owed) {
        await db.transaction(async (tx) => {
          const counts: DigestCounts = { ...shared, dueReminders: await countDueReminders(tx, member.id, today) };
          const [claimed] = await tx
            .insert(staffDigest)
            .values({ staffId: member.id, day: today, ...counts })
            .onConflictDoNothing({ target: [staffDigest.staffId, staffDigest.day] })
            .returning({ id: staffDigest.id });
          // Another instance claimed this member's digest for today first.
          if (!claimed) return;
          if (Object.values(counts).every((value) => value === 0)) {
            outcome.empty += 1;
            return;
          }
          const [queued] = await tx
            .insert(notificationOutbox)
            .values({ kind: 'dailyDigest', recipientStaffId: member.id })
            .returning({ id: notificationOutbox.id });
          await tx.update(staffDigest).set({ outboxId: queued?.id }).where(eq(staffDigest.id, claimed.id));
          outcome.queued += 1;
        });
      }
      return outcome;
    },
  };
}

export type Digest = ReturnType<typeof createDigest>;
