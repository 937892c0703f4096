import { AppError } from '@app/core/errors/app-error';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { incident, incidentTagLink, report } from '../../db/schema.ts';
import type { Tx } from '../operation-context.ts';

/**
 * What linking and splitting share (decision 0037): the locks, the guarded move of one report, and
 * what becomes of the incident it leaves. Both run in one transaction with their audit row.
 */

/**
 * The incidents, locked FOR UPDATE in the order of their ids (every writer that locks two does the
 * same, so two of them never wait for each other in a circle). An incident deleted meanwhile is
 * missing from the answer.
 */
export async function lockIncidents(tx: Tx, ids: string[]) {
  return tx.select().from(incident).where(inArray(incident.id, ids)).orderBy(asc(incident.id)).for('update');
}

/**
 * Moves the report from one incident to another with a guarded update: it moves only if it is still
 * where the page showed it; otherwise someone else moved it first (`casework.conflict`). The
 * trigger `report_keeps_incident_counts` then says again whether each incident counts.
 */
export async function moveReport(tx: Tx, reportId: string, from: string, to: string) {
  const moved = await tx
    .update(report)
    .set({ incidentId: to })
    .where(and(eq(report.id, reportId), eq(report.incidentId, from)))
    .returning({ id: report.id });
  if (moved.length !== 1) throw new AppError('casework.conflict');
}

/**
 * What becomes of the incident a report left: deleted when it has no report left and is not
 * published; refused (`casework.incidentPublished`, and the transaction with it) when it is
 * published and would be left empty or counting no more, since the public page would then show an
 * incident nothing verifies. Otherwise its revision is raised. Whether it was deleted.
 */
export async function settleLeftIncident(tx: Tx, incidentId: string): Promise<boolean> {
  const [state] = await tx
    .select({
      counts: incident.counts,
      // Written out: drizzle leaves the columns of a one-table select unqualified, and a subquery's
      // own "id" would then shadow the incident's.
      published: sql<boolean>`exists (select 1 from public_incident p where p.incident_id = "incident"."id")`,
      reports: sql<number>`(select count(*)::int from report r where r.incident_id = "incident"."id")`,
    })
    .from(incident)
    .where(eq(incident.id, incidentId))
    .limit(1);
  if (!state) throw new AppError('casework.conflict');
  if (state.published && (state.reports === 0 || !state.counts)) throw new AppError('casework.incidentPublished');
  if (state.reports === 0) {
    await tx.delete(incident).where(eq(incident.id, incidentId));
    return true;
  }
  await touchIncident(tx, incidentId);
  return false;
}

/** Marks a change by staff: the revision raised, the time noted; a place it lacks taken from `placeFrom`. */
export async function touchIncident(
  tx: Tx,
  incidentId: string,
  placeFrom?: {
    municipality: string | null;
    province: (typeof incident.$inferSelect)['province'];
    arrondissement?: (typeof incident.$inferSelect)['arrondissement'];
  },
) {
  const takesPlace = placeFrom?.municipality && placeFrom.province;
  await tx
    .update(incident)
    .set({
      revision: sql`${incident.revision} + 1`,
      updatedAt: new Date(),
      ...(takesPlace
        ? {
            municipality: sql`coalesce(${incident.municipality}, ${placeFrom.municipality})`,
            province: sql`case when ${incident.municipality} is null then ${placeFrom.province} else ${incident.province} end`,
            // The whole place or none of it: an arrondissement goes with its province (decision 0047).
            arrondissement: sql`case when ${incident.municipality} is null then ${placeFrom.arrondissement ?? null}::text else ${incident.arrondissement} end`,
          }
        : {}),
    })
    .where(eq(incident.id, incidentId));
}

/**
 * Decision 0044: an incident without a category takes the classification (and the tags) of
 * `source`, the incident a report came from: a split's new incident, or the incident a linked
 * report joined. A verified report then never leaves its incident unclassified; one that has its
 * own category keeps it. Called while `source` still exists (before it may be deleted).
 */
export async function inheritClassification(tx: Tx, incidentId: string, source: typeof incident.$inferSelect) {
  if (source.category === null) return;
  const updated = await tx
    .update(incident)
    .set({
      category: source.category,
      manifestations: source.manifestations,
      target: source.target,
      knownThrough: source.knownThrough,
      placeType: source.placeType,
    })
    .where(and(eq(incident.id, incidentId), isNull(incident.category)))
    .returning({ id: incident.id });
  if (updated.length === 0) return;
  const tags = await tx
    .select({ tagId: incidentTagLink.tagId })
    .from(incidentTagLink)
    .where(eq(incidentTagLink.incidentId, source.id));
  if (tags.length) {
    await tx
      .insert(incidentTagLink)
      .values(tags.map(({ tagId }) => ({ incidentId, tagId })))
      .onConflictDoNothing();
  }
}
