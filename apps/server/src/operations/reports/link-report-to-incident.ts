import { type IncidentLinkInput, incidentLinkSchema } from '@app/core/casework/casework.schema';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { isUuid } from '@app/core/site/ids';
import { and, eq } from 'drizzle-orm';
import { report } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { carryDismissals } from './dismiss-incident-suggestion.ts';
import {
  inheritClassification,
  lockIncidents,
  moveReport,
  settleLeftIncident,
  touchIncident,
} from './incident-moves.ts';

/**
 * Links a report into the incident of another report (decision 0037): two witnesses of one attack,
 * one event reported twice. Each report keeps its reporter, thread, status and receipt; the
 * incident counts once. The page names the incident it showed the report in (`from`): both
 * incidents are locked in the order of their ids, the report moves only if it is still there
 * (else `casework.conflict`), and the audit row is written in the same transaction. The incident
 * left behind is deleted when empty and unpublished, its place kept by the other if that one has
 * none; a published one that would be left empty or uncounted refuses (`casework.incidentPublished`).
 * Permission: incidents:link.
 */
export async function linkReportToIncident(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: IncidentLinkInput,
): Promise<void> {
  await authorize(deps, actor, 'incidents:link');
  const { from, target } = parsedOrThrow('casework', incidentLinkSchema.safeParse(input));
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  if (target === id) throw new AppError('casework.linkSameIncident');

  await deps.db.transaction(async (tx) => {
    const incidentOf = async (reportId: string) =>
      (await tx.select({ incidentId: report.incidentId }).from(report).where(eq(report.id, reportId)).limit(1))[0]
        ?.incidentId;
    const current = await incidentOf(id);
    if (!current) throw new AppError('NOT_FOUND');
    if (current !== from) throw new AppError('casework.conflict');
    const to = await incidentOf(target);
    if (!to) throw new AppError('casework.linkReportNotFound');
    if (to === from) throw new AppError('casework.linkSameIncident');

    const locked = await lockIncidents(tx, [from, to]);
    const left = locked.find((row) => row.id === from);
    // Either incident deleted meanwhile (someone linked its last report elsewhere), or the other
    // report moved before the locks were taken: the page is out of date.
    if (!left || !locked.some((row) => row.id === to)) throw new AppError('casework.conflict');
    const [stillThere] = await tx
      .select({ id: report.id })
      .from(report)
      .where(and(eq(report.id, target), eq(report.incidentId, to)))
      .limit(1);
    if (!stillThere) throw new AppError('casework.conflict');

    await moveReport(tx, id, from, to);
    // An incident left empty goes below; the pairs dismissed with it stay dismissed (decision 0043).
    await carryDismissals(tx, from, to);
    await inheritClassification(tx, to, left);
    const removed = await settleLeftIncident(tx, from);
    await touchIncident(tx, to, removed ? left : undefined);
    await auditReport(deps, tx, actor, 'report.linked', id, {
      from,
      to,
      withReport: target,
      ...(removed ? { removed: from } : {}),
    });
  });
}
