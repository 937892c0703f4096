import type { RetentionOutcome, RetentionPeriods } from '@app/core/casework/retention';
import { eq, lt } from 'drizzle-orm';
import type { AuditLog } from '../../audit/audit-log.ts';
import type { Encryption } from '../../crypto/encryption.ts';
import type { Db } from '../../db/database.ts';
import { contactMessage, report, reportAttachment } from '../../db/schema.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import { eraseReportData } from './erase-report.ts';
import { erasureSchedule } from './erasure-schedule.ts';

/** A stored file without its row is left alone this long: its transaction may still be running. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/**
 * What the privacy policy promises (decisions 0012 and 0040): the personal data and free texts of a
 * report are erased its outcome's period (`periods`) after it was rejected, closed or (if the
 * operator set a period) verified, never under a legal hold nor within 30 days of the reporter's
 * last message, each leaving a `report_erasure` row; contact messages `months` after they arrived. Statistics keep what they count. Files whose row never committed are swept away.
 * Every step takes `now`, so that tests can stand anywhere in time.
 */
export function createRetention({
  db,
  encryption,
  storage,
  audit,
  months,
  periods = { rejected: months, closed: months },
}: {
  db: Db;
  encryption: Encryption;
  storage: StorageDriver;
  audit: AuditLog;
  /** Contact messages' period, and every outcome's when `periods` is not given. */
  months: number;
  periods?: RetentionPeriods;
}) {
  const schedule = erasureSchedule(periods);

  const eraseReports = async (now: Date): Promise<number> => {
    const due = await schedule.due(db, now);
    let erased = 0;
    for (const { id } of due) {
      const done = await db.transaction(async (tx) => {
        // A hold set or a reporter's message sent since the list was read wins: look again, locked.
        await tx.select({ id: report.id }).from(report).where(eq(report.id, id)).for('update');
        const [still] = await schedule.due(tx, now, id);
        if (!still) return undefined;
        const outcome = still.status as RetentionOutcome;
        const files = await eraseReportData(tx, encryption, id, now, {
          via: 'retention',
          outcome,
          periodMonths: still.months,
        });
        return { outcome, months: still.months, files };
      });
      if (!done) continue;
      erased += 1;
      // The rows are gone first: a crash here leaves orphans, which the sweeper removes.
      await Promise.allSettled(done.files.map((path) => storage.delete(path)));
      await audit.record({
        action: 'report.personal-data-erased',
        actorKind: 'job',
        subjectType: 'report',
        subjectId: id,
        details: { via: 'retention', outcome: done.outcome, months: done.months, files: done.files.length },
      });
    }
    return erased;
  };

  const eraseMessages = async (now: Date): Promise<number> => {
    const deleted = await db
      .delete(contactMessage)
      .where(lt(contactMessage.createdAt, monthsBefore(now, months)))
      .returning({ id: contactMessage.id });
    if (deleted.length > 0) {
      await audit.record({
        action: 'message.erased',
        actorKind: 'job',
        subjectType: 'message',
        details: { via: 'retention', months, count: deleted.length },
      });
    }
    return deleted.length;
  };

  const sweepOrphans = async (now: Date): Promise<number> => {
    const stored = await storage.list('reports/');
    if (stored.length === 0) return 0;
    const known = await db.select({ fullPath: reportAttachment.fullPath }).from(reportAttachment);
    const knownPaths = new Set(known.map((row) => row.fullPath));
    let removed = 0;
    for (const path of stored.filter((candidate) => !knownPaths.has(candidate))) {
      const { metadata } = await storage.get(path);
      if (now.getTime() - Date.parse(metadata.timeCreated) < ORPHAN_GRACE_MS) continue;
      await storage.delete(path);
      removed += 1;
    }
    if (removed > 0) {
      await audit.record({
        action: 'storage.orphans-removed',
        actorKind: 'job',
        subjectType: 'storage',
        details: { count: removed },
      });
    }
    return removed;
  };

  return {
    schedule,
    /** The `retention` job's day (apps/server/src/jobs/retention.ts). */
    eraseReports,
    eraseMessages,
    /** The `orphan-sweep` job's day (apps/server/src/jobs/orphan-sweep.ts). */
    sweepOrphans,
    /**
     * The three steps at once, in the jobs' order, as a day of the site does them. A failing sweep
     * (the storage down) does not undo the erasures, which are what the privacy policy promises.
     */
    async run(now = new Date()) {
      const reports = await eraseReports(now);
      const messages = await eraseMessages(now);
      let orphans = 0;
      let sweepFailure: unknown;
      try {
        orphans = await sweepOrphans(now);
      } catch (error) {
        sweepFailure = error;
      }
      return { reports, messages, orphans, sweepFailure };
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
