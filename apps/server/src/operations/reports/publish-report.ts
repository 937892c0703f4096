import { type PublicationInput, publicationSchema } from '@app/core/casework.schema';
import type { CaseworkResult } from '@app/core/casework-api';
import { eq } from 'drizzle-orm';
import { publicIncident } from '../../db/casework-schema.ts';
import { report } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, firstCode, type OperationDeps } from '../operation-context.ts';
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
): Promise<CaseworkResult> {
  await authorize(deps, actor, 'reports:manage');
  const parsed = publicationSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: firstCode(parsed.error) };
  const publication = parsed.data;
  return deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (!row) return { ok: false, code: 'notFound' } as const;
    if (row.status !== 'verified') return { ok: false, code: 'notVerified' } as const;
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
    return { ok: true } as const;
  });
}
