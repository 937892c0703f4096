import { type PublicationInput, placePrecisionOf, publicationSchema } from '@app/core/casework/casework.schema';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { eq, sql } from 'drizzle-orm';
import { publicIncident } from '../../db/casework-schema.ts';
import { incident } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { lockReportAndIncident } from './report-queries.ts';

/**
 * Publishes the incident of a verified report on the public Incidents page (or updates its
 * publication): one publication per incident, however many reports it has (decision 0037). The
 * incident and the report stay locked from the "is it verified?" check to the insert, so a status
 * change at the same moment waits and then sees the publication. The place written is the
 * incident's. How precisely the public list shows the date and the place (decision 0047) is
 * written with it and named in the audit row, in the same transaction. Permission: reports:manage.
 */
export async function publishReport(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: PublicationInput,
): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  const publication = parsedOrThrow('casework', publicationSchema.safeParse(input));
  await deps.db.transaction(async (tx) => {
    const { report: row, incident: its } = await lockReportAndIncident(tx, id);
    if (row.status !== 'verified') throw new AppError('casework.notVerified');
    const placePrecision = placePrecisionOf(publication);
    const values = {
      incidentDate: its.incidentDate,
      incidentType: its.incidentType,
      municipality: publication.municipality,
      province: publication.province,
      arrondissement: publication.arrondissement,
      datePrecision: publication.datePrecision,
      placePrecision,
      summaries: publication.summaries,
      originalLanguage: publication.originalLanguage,
      publishedBy: actor.id,
    };
    await tx
      .insert(publicIncident)
      .values({ incidentId: its.id, ...values })
      .onConflictDoUpdate({ target: publicIncident.incidentId, set: values });
    await tx
      .update(incident)
      .set({
        municipality: publication.municipality,
        province: publication.province,
        arrondissement: publication.arrondissement,
        revision: sql`${incident.revision} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(incident.id, its.id));
    await auditReport(deps, tx, actor, 'report.published', id, {
      incident: its.id,
      languages: Object.keys(publication.summaries).join(','),
      datePrecision: publication.datePrecision,
      placePrecision,
    });
  });
}
