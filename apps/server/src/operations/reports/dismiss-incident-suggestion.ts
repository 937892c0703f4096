import { type IncidentDismissalInput, incidentDismissalSchema } from '@app/core/casework/casework.schema';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { isUuid } from '@app/core/site/ids';
import { eq, sql } from 'drizzle-orm';
import { incidentLinkDismissal } from '../../db/incident-link-schema.ts';
import { report } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps, type Tx } from '../operation-context.ts';
import { lockIncidents } from './incident-moves.ts';

/**
 * "Not the same incident" (decision 0043): a suggested link dismissed on a report's page. The pair
 * (the smaller id first) is stored with who and when, and never suggested again. The page names
 * the incident it showed the report in (`from`) and the one suggested (`other`): both are locked
 * in the order of their ids, as linking locks them, so a dismissal never names an incident a link
 * is deleting; a report that moved meanwhile, an incident gone, or a pair already dismissed by
 * someone else is `casework.conflict` (the page then shows the suggestions as they are). The audit
 * row is written in the same transaction. Permission: incidents:link.
 */
export async function dismissIncidentSuggestion(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: IncidentDismissalInput,
): Promise<void> {
  await authorize(deps, actor, 'incidents:link');
  const parsed = parsedOrThrow('casework', incidentDismissalSchema.safeParse(input));
  // In lower case, as the database writes a uuid: the pair's order is then the database's order.
  const [from, other] = [parsed.from.toLowerCase(), parsed.other.toLowerCase()];
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  if (from === other) throw new AppError('casework.linkSameIncident');

  await deps.db.transaction(async (tx) => {
    const locked = await lockIncidents(tx, [from, other]);
    const [row] = await tx.select({ incidentId: report.incidentId }).from(report).where(eq(report.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.incidentId !== from || locked.length !== 2) throw new AppError('casework.conflict');
    const [incidentA, incidentB] = from < other ? [from, other] : [other, from];
    const stored = await tx
      .insert(incidentLinkDismissal)
      .values({ incidentA, incidentB, dismissedBy: actor.id })
      .onConflictDoNothing()
      .returning({ incidentA: incidentLinkDismissal.incidentA });
    if (stored.length === 0) throw new AppError('casework.conflict');
    await auditReport(deps, tx, actor, 'report.suggestion-dismissed', id, { incident: from, other });
  });
}

/**
 * When a link leaves an incident empty (it is then deleted, and its dismissals with it), the
 * incident it joined takes them over: what was not the same event as one of them is not the same
 * event as the other. Called in the link's transaction, before the empty incident is deleted.
 */
export async function carryDismissals(tx: Tx, from: string, to: string) {
  await tx.execute(sql`
    insert into incident_link_dismissal (incident_a, incident_b, dismissed_by, dismissed_at)
    select least(${to}::uuid, o.other), greatest(${to}::uuid, o.other), d.dismissed_by, d.dismissed_at
      from incident_link_dismissal d
      cross join lateral (select case when d.incident_a = ${from}::uuid then d.incident_b else d.incident_a end as other) o
     where (d.incident_a = ${from}::uuid or d.incident_b = ${from}::uuid) and o.other <> ${to}::uuid
       and not exists (select 1 from report r where r.incident_id = ${from}::uuid)
    on conflict do nothing`);
}
