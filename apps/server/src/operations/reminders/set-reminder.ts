import { reminderSchema } from '@app/core/casework/reminders';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { reportReminder } from '../../db/reminders-schema.ts';
import { type Actor, auditReport, authorize, nowOf, type OperationDeps } from '../operation-context.ts';
import { lockReport } from '../reports/report-queries.ts';

/**
 * A reminder on a report: a day in Belgium's calendar, not before today, and a short note, sealed
 * (it may repeat what the reporter said). The audit row says which reminder and for which day,
 * never the note. `NOT_FOUND` for an id that names no report. Permission: reports:manage.
 */
export async function setReminder(
  deps: OperationDeps,
  actor: Actor,
  reportId: string,
  input: { dueOn: string; note: string },
): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  const reminder = parsedOrThrow('reminders', reminderSchema(nowOf(deps)).safeParse(input));
  await deps.db.transaction(async (tx) => {
    // The report stays as it is until the reminder and its audit row are written.
    await lockReport(tx, reportId);
    const [row] = await tx
      .insert(reportReminder)
      .values({
        reportId,
        dueOn: reminder.dueOn,
        note: deps.encryption.sealText(reminder.note),
        createdBy: actor.id,
      })
      .returning({ id: reportReminder.id });
    await auditReport(deps, tx, actor, 'report.reminder-set', reportId, {
      reminder: row?.id ?? null,
      dueOn: reminder.dueOn,
    });
  });
}
