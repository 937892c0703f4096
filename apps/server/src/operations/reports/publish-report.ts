import { type PublicationInput, publicationSchema } from '@app/core/casework/casework.schema';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { eq } from 'drizzle-orm';
import { publicIncident } from '../../db/casework-schema.ts';
import { report } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

/**
 * Publishes a verified report on the public Incidents page (or updates its publication). The
 * report stays locked from the "is it verified?" check to the insert, so a status change at the
 * same moment waits and then sees the publication. Permission: reports:manage.
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
    const row = await lockReport(tx, id);
    if (row.status !== 'verified') throw new AppError('casework.notVerified');
    const values = {
      incidentDate: row.incidentDate,
      incidentType: row.incidentType,
      municipality: publication.municipality,
      province: publication.province,
      summaries: publication.summaries,
      originalLanguage: publication.originalLanguage,
      publishedBy: actor.id,
    };
    await tx
      .insert(publicIncident)
      .values({ reportId: id, ...values })
      .onConflictDoUpdate({ target: publicIncident.reportId, set: values });
    await tx
      .update(report)
      .set({ municipality: publication.municipality, province: publication.province })
      .where(eq(report.id, id));
    await auditReport(deps, tx, actor, 'report.published', id, {
      languages: Object.keys(publication.summaries).join(','),
    });
  });
}
