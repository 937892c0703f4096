import { AppError } from '@app/core/errors/app-error';
import { isUuid } from '@app/core/site/ids';
import { and, eq, type SQL } from 'drizzle-orm';
import { reportReminder } from '../../db/reminders-schema.ts';
import { type Actor, authorize, type OperationDeps, type Tx } from '../operation-context.ts';

type ReminderChange = {
  deps: OperationDeps;
  actor: Actor;
  reportId: string;
  reminderId: string;
  tx: Tx;
  /** The condition that finds the reminder only while it is the report's. */
  isTheReports: SQL | undefined;
};

/**
 * An operation on one reminder of a report, as every such change goes: the permission
 * reports:manage, `reminders.notFound` for ids that cannot name a reminder or a report, and
 * `change` run in one transaction.
 */
export function reminderOfReportOperation(change: (context: ReminderChange) => Promise<void>) {
  return async (deps: OperationDeps, actor: Actor, reportId: string, reminderId: string): Promise<void> => {
    await authorize(deps, actor, 'reports:manage');
    if (!isUuid(reportId) || !isUuid(reminderId)) throw new AppError('reminders.notFound');
    const isTheReports = and(eq(reportReminder.id, reminderId), eq(reportReminder.reportId, reportId));
    await deps.db.transaction((tx) => change({ deps, actor, reportId, reminderId, tx, isTheReports }));
  };
}
