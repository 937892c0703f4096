import { SITE_TIME_ZONE, todayInBelgium } from '@app/core/dates';
import { and, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { staffDigest, staffMailPreference } from '../db/reminders-schema.ts';
import { notificationOutbox, report, reportMessage } from '../db/schema.ts';
import { staffUser } from '../db/staff-schema.ts';
import type { Logger } from '../logger.ts';
import { countDueReminders } from './due-reminders.ts';

/** How often each instance looks whether a digest is owed: cheap, and close enough to the hour. */
const TICK_MS = 60_000;

/**
 * The promise on the report page: a volunteer reads a report within two working days. Until a
 * shared calendar of Belgian working days exists, the digest counts Monday to Friday as working
 * days (a public holiday counts as one): a report received on Monday is overdue from Thursday.
 */
export const RESPONSE_PROMISE_WORKING_DAYS = 2;

const hourInBrussels = new Intl.DateTimeFormat('en-GB', {
  timeZone: SITE_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The hour (0–23) in Brussels at `now`. */
export function brusselsHour(now: Date): number {
  return Number(hourInBrussels.format(now));
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const isWeekday = (day: string) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/**
 * The last day of receipt that is overdue on `today`: a report received on day D is overdue once
 * `workingDays` working days have passed after D, and today is later still. Received Monday,
 * promised by Wednesday: overdue on Thursday; received Friday: overdue on Wednesday.
 */
export function overdueReceivedOnOrBefore(today: string, workingDays = RESPONSE_PROMISE_WORKING_DAYS): string {
  let day = addDays(today, -1);
  let passed = 0;
  while (passed < workingDays) {
    if (isWeekday(day)) passed += 1;
    day = addDays(day, -1);
  }
  return day;
}

export type DigestCounts = {
  newReports: number;
  overdueReports: number;
  unansweredReports: number;
  dueReminders: number;
};

type DigestDb = Pick<Db, 'select'>;

/** The figures every member's digest shares, on `today` in Brussels. */
async function sharedCounts(db: DigestDb, today: string) {
  const receivedDay = sql<string>`(${report.createdAt} at time zone ${SITE_TIME_ZONE})::date`;
  const waitingNew = and(eq(report.status, 'new'), eq(report.isQuarantined, false));
  const [fresh, overdue, unanswered] = await Promise.all([
    db.select({ value: count() }).from(report).where(waitingNew),
    db
      .select({ value: count() })
      .from(report)
      .where(and(waitingNew, lte(receivedDay, overdueReceivedOnOrBefore(today)))),
    // Reports whose thread ends with the reporter's message: someone owes them an answer.
    db
      .select({ value: count() })
      .from(report)
      .where(sql`(
        select ${reportMessage.author} from ${reportMessage}
         where ${reportMessage.reportId} = ${report.id} and ${reportMessage.author} <> 'system'
         order by ${reportMessage.createdAt} desc, ${reportMessage.id} desc limit 1
      ) = 'reporter'`),
  ]);
  return {
    newReports: fresh[0]?.value ?? 0,
    overdueReports: overdue[0]?.value ?? 0,
    unansweredReports: unanswered[0]?.value ?? 0,
  };
}

/**
 * The daily digest (decision 0028). At or after `hour` in Brussels, each coordinator and admin who
 * asked for it gets one digest a day: a row per (member, Brussels day) under a unique key, claimed
 * in the same transaction that queues the e-mail in the notification outbox. Any number of
 * instances may tick at once: the second insert of the same key waits for the first to commit and
 * then inserts nothing, so it queues nothing. A digest with nothing to report is claimed but not
 * sent. Every step takes `now`, so that tests stand anywhere in time.
 */
export function createDigest({ db, hour }: { db: Db; hour: number }) {
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
      const shared = await sharedCounts(db, today);
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

/** Ticks every minute on every instance; the unique key sends each digest once. */
export function startDigest(digest: Digest, onQueued: () => void, logger: Logger) {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= digest
      .run()
      .then((outcome) => {
        if (outcome.queued > 0) onQueued();
        if (outcome.queued + outcome.empty > 0) logger.info(outcome, 'daily digests claimed');
      })
      .catch((error: Error) =>
        logger.warn({ err: { message: error.message } }, 'the daily digest could not be prepared; it is tried again'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
