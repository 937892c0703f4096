import { SITE_TIME_ZONE } from '@app/core/site/dates';
import type { AuditAction, AuditActorKind } from '@app/core/staff/staff';
import type { AuditEntry, AuditFilter, AuditPage } from '@app/core/staff/staff-api';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { auditEvent, staffUser } from '../db/staff-schema.ts';

export const AUDIT_PAGE_SIZE = 50;

export type AuditRecord = {
  action: AuditAction;
  /** The member who acted (or tried to), when known: the row's actor kind is then `member`. */
  actorId?: string | null;
  /**
   * Who acted when no member did: the command line, or a scheduled job. Left out with no
   * `actorId`, it is a `visitor` whom no account matched (a failed sign-in).
   */
  actorKind?: Exclude<AuditActorKind, 'member'>;
  subjectType?: string;
  subjectId?: string;
  /** Ids, roles, reasons: never a reporter's personal data, a password, a code or a token. */
  details?: Record<string, string | number | boolean | null>;
};

/** Where an audit row is written: the database, or the transaction of the change it records. */
export type AuditWriter = Pick<Db, 'insert'>;

export type AuditLog = {
  /**
   * Writes one row. A change passes its own transaction, so that the change and its row are
   * committed together or not at all; sign-in events, which change nothing else, use the pool.
   */
  record(event: AuditRecord, writer?: AuditWriter): Promise<void>;
  list(filter: AuditFilter): Promise<AuditPage>;
};

/** The day after a YYYY-MM-DD date, for an exclusive upper bound. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Midnight of a day in Brussels, as a timestamp PostgreSQL computes (summer time included). */
const brusselsMidnight = (day: string) => sql`(${day}::date::timestamp at time zone ${SITE_TIME_ZONE})`;

export function createAuditLog(db: Db): AuditLog {
  const subject = alias(staffUser, 'subject_user');
  return {
    async record({ action, actorId, actorKind, subjectType, subjectId, details }, writer: AuditWriter = db) {
      await writer.insert(auditEvent).values({
        action,
        actorId: actorId ?? null,
        actorKind: actorKind ?? (actorId ? 'member' : 'visitor'),
        subjectType,
        subjectId,
        details: details ?? {},
      });
    },

    async list(filter) {
      const conditions: SQL[] = [];
      if (filter.action) conditions.push(eq(auditEvent.action, filter.action));
      if (filter.actorId) conditions.push(eq(auditEvent.actorId, filter.actorId));
      if (filter.from) conditions.push(gte(auditEvent.occurredAt, brusselsMidnight(filter.from)));
      if (filter.to) conditions.push(lt(auditEvent.occurredAt, brusselsMidnight(nextDay(filter.to))));
      const where = conditions.length ? and(...conditions) : undefined;
      const page = Math.max(1, filter.page);
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: auditEvent.id,
            occurredAt: auditEvent.occurredAt,
            action: auditEvent.action,
            actorKind: auditEvent.actorKind,
            subjectType: auditEvent.subjectType,
            subjectId: auditEvent.subjectId,
            details: auditEvent.details,
            actorId: staffUser.id,
            actorName: staffUser.name,
            actorEmail: staffUser.email,
            subjectName: subject.name,
          })
          .from(auditEvent)
          .leftJoin(staffUser, eq(staffUser.id, auditEvent.actorId))
          .leftJoin(subject, and(eq(auditEvent.subjectType, 'staff'), eq(subject.id, auditEvent.subjectId)))
          .where(where)
          .orderBy(desc(auditEvent.occurredAt), desc(auditEvent.id))
          .limit(AUDIT_PAGE_SIZE)
          .offset((page - 1) * AUDIT_PAGE_SIZE),
        db.select({ total: count() }).from(auditEvent).where(where),
      ]);
      const entries: AuditEntry[] = rows.map((row) => ({
        id: row.id,
        occurredAt: row.occurredAt.toISOString(),
        actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '', email: row.actorEmail ?? '' } : null,
        actorKind: row.actorKind,
        action: row.action,
        subjectType: row.subjectType,
        subjectId: row.subjectId,
        subjectLabel: row.subjectName ?? null,
        details: row.details as AuditEntry['details'],
      }));
      return { entries, total: totals[0]?.total ?? 0, page, pageSize: AUDIT_PAGE_SIZE };
    },
  };
}
