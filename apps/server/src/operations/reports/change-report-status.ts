import { placeSchema, type ReportStatusChangeInput, reportStatusChangeSchema } from '@app/core/casework.schema';
import type { CaseworkResult } from '@app/core/casework-api';
import { type CaseworkErrorCode, canTransition } from '@app/core/report-workflow';
import { and, eq } from 'drizzle-orm';
import { publicIncident, reportStatusChange } from '../../db/casework-schema.ts';
import { report } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, firstCode, type OperationDeps } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

const fail = (code: CaseworkErrorCode) => ({ ok: false, code }) as const;

/**
 * Moves a report along its lifecycle (packages/core/src/report-workflow.ts). The change names the
 * status the page showed (`from`): the report is locked, and if another member changed it since,
 * the answer is `conflict`, never an overwrite of their decision. A published incident must be
 * unpublished before anything but closing. Permission: reports:manage.
 */
export async function changeReportStatus(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: ReportStatusChangeInput,
): Promise<CaseworkResult> {
  await authorize(deps, actor, 'reports:manage');
  const parsed = reportStatusChangeSchema.safeParse(input);
  if (!parsed.success) return fail(firstCode(parsed.error));
  const change = parsed.data;
  if (!canTransition(change.from, change.to)) return fail('invalidTransition');
  const duplicateOf = change.to === 'rejected' && change.reason === 'duplicate' ? (change.duplicateOf ?? null) : null;
  if (duplicateOf === id) return fail('duplicateOfItself');
  let place: { municipality: string; province: (typeof report.$inferSelect)['province'] } | undefined;
  if (change.to === 'verified') {
    const parsedPlace = placeSchema.safeParse({ municipality: change.municipality ?? '', province: change.province });
    if (!parsedPlace.success) return fail(firstCode(parsedPlace.error));
    place = parsedPlace.data;
  }

  return deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (!row) return fail('notFound');
    if (row.status !== change.from) return fail('conflict');
    if (duplicateOf) {
      const [original] = await tx.select({ id: report.id }).from(report).where(eq(report.id, duplicateOf)).limit(1);
      if (!original) return fail('duplicateNotFound');
    }
    const [published] = await tx
      .select({ id: publicIncident.reportId })
      .from(publicIncident)
      .where(eq(publicIncident.reportId, id))
      .limit(1);
    if (published && change.to !== 'closed') return fail('publishedFirstUnpublish');
    const updated = await tx
      .update(report)
      .set({
        status: change.to,
        statusChangedAt: new Date(),
        // Closing keeps the decision (a closed report still counts as verified, or not); going
        // back to review clears it.
        ...(change.to === 'rejected' ? { rejectionReason: change.reason ?? null, duplicateOf } : {}),
        ...(change.to === 'in_review' ? { rejectionReason: null, duplicateOf: null } : {}),
        ...(place ? { municipality: place.municipality, province: place.province } : {}),
      })
      .where(and(eq(report.id, id), eq(report.status, change.from)))
      .returning({ id: report.id });
    if (updated.length !== 1) return fail('conflict');
    const reason = change.to === 'rejected' ? (change.reason ?? null) : null;
    await tx
      .insert(reportStatusChange)
      .values({ reportId: id, fromStatus: change.from, toStatus: change.to, reason, actorId: actor.id });
    await auditReport(deps, tx, actor, 'report.status-changed', id, {
      from: change.from,
      to: change.to,
      ...(change.to === 'rejected' ? { reason } : {}),
    });
    return { ok: true };
  });
}
