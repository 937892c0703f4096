import { type ClassificationInput, classificationSchema } from '@app/core/casework/casework.schema';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { isUuid } from '@app/core/site/ids';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { incident, incidentTag, incidentTagLink, report } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { lockIncidents } from './incident-moves.ts';

/**
 * Classifies the incident of a report (decision 0044): its category, manifestations, target, how
 * the organisation knows, the type of place and its tags, separate from the reporter's own type.
 * The page names the incident it showed and that incident's revision: the incident is locked and
 * changed only if it is still the report's and still at that revision (else `casework.conflict`,
 * never an overwrite of someone else's classification); the audit row is written in the same
 * transaction. A tag must be on the admins' list, and enabled unless the incident has it already.
 * Permission: incidents:classify.
 */
export async function classifyIncident(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: ClassificationInput,
): Promise<void> {
  await authorize(deps, actor, 'incidents:classify');
  const {
    incident: shown,
    revision,
    tags,
    ...classification
  } = parsedOrThrow('casework', classificationSchema.safeParse(input));
  if (!isUuid(id)) throw new AppError('NOT_FOUND');

  await deps.db.transaction(async (tx) => {
    const [seen] = await tx.select({ incidentId: report.incidentId }).from(report).where(eq(report.id, id)).limit(1);
    if (!seen) throw new AppError('NOT_FOUND');
    if (seen.incidentId !== shown) throw new AppError('casework.conflict');
    const [locked] = await lockIncidents(tx, [shown]);
    if (!locked || locked.revision !== revision) throw new AppError('casework.conflict');

    const had = new Set(
      (
        await tx
          .select({ tagId: incidentTagLink.tagId })
          .from(incidentTagLink)
          .where(eq(incidentTagLink.incidentId, shown))
      ).map((row) => row.tagId),
    );
    const known = tags.length
      ? await tx
          .select({ id: incidentTag.id, disabledAt: incidentTag.disabledAt })
          .from(incidentTag)
          .where(inArray(incidentTag.id, tags))
      : [];
    // A disabled tag stays on the incidents that have it; it is not given to another.
    const usable = new Set(known.filter((tag) => tag.disabledAt === null || had.has(tag.id)).map((tag) => tag.id));
    if (tags.some((tag) => !usable.has(tag))) throw new AppError('casework.unknownTag');

    const updated = await tx
      .update(incident)
      .set({ ...classification, revision: sql`${incident.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(incident.id, shown), eq(incident.revision, revision)))
      .returning({ id: incident.id });
    if (updated.length !== 1) throw new AppError('casework.conflict');
    await tx.delete(incidentTagLink).where(eq(incidentTagLink.incidentId, shown));
    if (tags.length) await tx.insert(incidentTagLink).values(tags.map((tagId) => ({ incidentId: shown, tagId })));
    // The audit's details are flat: the lists are written comma-separated.
    await auditReport(deps, tx, actor, 'incident.classified', id, {
      incident: shown,
      ...classification,
      manifestations: classification.manifestations.join(','),
      tags: tags.join(','),
    });
  });
}
