import type { ReportAccessEntry } from '@app/core/casework/casework-api';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { auditEvent, staffUser } from '../../db/staff-schema.ts';

/** A member who looks again within this many minutes leaves no second row (decision 0049). */
export const LOOKED_AGAIN_AFTER_MINUTES = 10;

/** The rows of the report's page "who looked at it", newest first. */
export const ACCESS_LOG_SHOWN = 50;

const LOOKS = {
  'report.opened': 'report',
  'report.file-opened': 'file',
  'report.personal-data-viewed': 'identity',
} as const;

/**
 * Records that a member looked at a report, or at one of its files, in one guarded statement: no row
 * when the same member looked at the same thing within the last ten minutes, so that a page drawn
 * again after each form, or its images, do not bury the log. Written before anything is shown.
 */
export async function recordLook(
  db: Pick<Db, 'execute'>,
  look: { memberId: string; reportId: string; attachmentId?: string },
): Promise<void> {
  const action = look.attachmentId ? 'report.file-opened' : 'report.opened';
  const details = look.attachmentId ? { attachmentId: look.attachmentId } : {};
  await db.execute(sql`
    insert into ${auditEvent} (actor_id, actor_kind, action, subject_type, subject_id, details)
    select ${look.memberId}, 'member', ${action}, 'report', ${look.reportId}, ${JSON.stringify(details)}::jsonb
     where not exists (
       select 1 from ${auditEvent}
        where subject_type = 'report' and subject_id = ${look.reportId}
          and actor_id = ${look.memberId} and action = ${action}
          and details = ${JSON.stringify(details)}::jsonb
          and occurred_at > now() - make_interval(mins => ${LOOKED_AGAIN_AFTER_MINUTES}))`);
}

/** Who opened the report, its files and its reporter's identity, newest first. The caller checks the role. */
export async function readAccessLog(db: Db, reportId: string): Promise<ReportAccessEntry[]> {
  const rows = await db
    .select({ at: auditEvent.occurredAt, action: auditEvent.action, memberName: staffUser.name })
    .from(auditEvent)
    .leftJoin(staffUser, eq(staffUser.id, auditEvent.actorId))
    .where(
      and(
        eq(auditEvent.subjectType, 'report'),
        eq(auditEvent.subjectId, reportId),
        inArray(auditEvent.action, Object.keys(LOOKS) as (keyof typeof LOOKS)[]),
      ),
    )
    .orderBy(desc(auditEvent.occurredAt), desc(auditEvent.id))
    .limit(ACCESS_LOG_SHOWN);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    memberName: row.memberName,
    what: LOOKS[row.action as keyof typeof LOOKS],
  }));
}
