import { type IncidentSplitInput, incidentSplitSchema } from '@app/core/casework/casework.schema';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { isUuid } from '@app/core/site/ids';
import { and, eq, ne } from 'drizzle-orm';
import { incident, report } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { inheritClassification, lockIncidents, moveReport, settleLeftIncident } from './incident-moves.ts';

/**
 * Splits a report out of its incident into a new incident of its own (decision 0037): it turned
 * out to describe another event. The new incident takes the report's date and type and the place
 * recorded so far; it counts once the report is verified. The page names the incident it showed
 * the report in (`from`): the incident is locked, the report moves only if it is still there (else
 * `casework.conflict`), and the audit row is written in the same transaction. A report alone in
 * its incident has nothing to split from (`casework.alreadyAlone`); a published incident that would
 * count no more refuses (`casework.incidentPublished`). Permission: incidents:link.
 */
export async function splitReportFromIncident(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: IncidentSplitInput,
): Promise<void> {
  await authorize(deps, actor, 'incidents:link');
  const { from } = parsedOrThrow('casework', incidentSplitSchema.safeParse(input));
  if (!isUuid(id)) throw new AppError('NOT_FOUND');

  await deps.db.transaction(async (tx) => {
    const [left] = await lockIncidents(tx, [from]);
    const [row] = await tx.select().from(report).where(eq(report.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    // Read after the lock: a report someone else moved meanwhile is seen where it is now.
    if (!left || row.incidentId !== from) throw new AppError('casework.conflict');
    const [other] = await tx
      .select({ id: report.id })
      .from(report)
      .where(and(eq(report.incidentId, from), ne(report.id, id)))
      .limit(1);
    if (!other) throw new AppError('casework.alreadyAlone');

    const [created] = await tx
      .insert(incident)
      .values({
        incidentDate: row.incidentDate,
        incidentType: row.incidentType,
        municipality: left.municipality,
        province: left.province,
        arrondissement: left.arrondissement,
      })
      .returning({ id: incident.id });
    if (!created) throw new Error('the new incident was not created');
    await inheritClassification(tx, created.id, left);
    await moveReport(tx, id, from, created.id);
    await settleLeftIncident(tx, from);
    await auditReport(deps, tx, actor, 'report.split', id, { from, to: created.id });
  });
}
