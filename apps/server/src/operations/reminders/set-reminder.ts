import { type ReminderResult, reminderSchema } from '@app/core/reminders';
import { reportReminder } from '../../db/reminders-schema.ts';
import { type Actor, auditReport, authorize, firstCode, nowOf, type OperationDeps } from '../operation-context.ts';
import { lockReport } from '../reports/report-queries.ts';

/**
 * A reminder on a report: a day in Belgium's calendar, not before today, and a short note, sealed
 * (it may repeat what the reporter said). The audit row says which reminder and for which day,
 * never the note. Permission: reports:manage.
 */
export async function setReminder(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  input: { dueOn: string; note: string },
): Promise<ReminderResult> {
  await authorize(deps, actor, 'reports:manage');
  const parsed = reminderSchema(nowOf(deps)).safeParse(input);
  if (!parsed.success) return { ok: false, code: firstCode(parsed.error) };
  return deps.db.transaction(async (tx) => {
    // The report stays as it is until the reminder and its audit row are written.
    if (!(await lockReport(tx, reportId))) return { ok: false, code: 'notFound' } as const;
    const [row] = await tx
      .insert(reportReminder)
      .values({
        reportId,
        dueOn: parsed.data.dueOn,
        note: deps.encryption.sealText(parsed.data.note),
        createdBy: actor.id,
      })
      .returning({ id: reportReminder.id });
    await auditReport(deps, tx, actor, 'report.reminder-set', reportId, {
      reminder: row?.id ?? null,
      dueOn: parsed.data.dueOn,
    });
    return { ok: true } as const;
  });
}
