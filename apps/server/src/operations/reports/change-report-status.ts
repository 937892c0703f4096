import {
  placeSchema,
  type ReportStatusChangeInput,
  reportStatusChangeSchema,
} from '@app/core/casework/casework.schema';
import { canTransition } from '@app/core/casework/report-workflow';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { and, eq } from 'drizzle-orm';
import { publicIncident, reportStatusChange } from '../../db/casework-schema.ts';
import { report } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

/**
 * Moves a report along its lifecycle (packages/core/src/casework/report-workflow.ts). The change names the
 * status the page showed (`from`): the report is locked, and if another member changed it since,
 * the answer is `casework.conflict`, never an overwrite of their decision. A published incident must be
 * unpublished before anything but closing. Permission: reports:manage.
 */
export async function changeReportStatus(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: ReportStatusChangeInput,
): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  const change = parsedOrThrow('casework', reportStatusChangeSchema.safeParse(input));
  if (!canTransition(change.from, change.to)) throw new AppError('casework.invalidTransition');
  const duplicateOf = change.to === 'rejected' && change.reason === 'duplicate' ? (change.duplicateOf ?? null) : null;
  if (duplicateOf === id) throw new AppError('casework.duplicateOfItself');
  const place =
    change.to === 'verified'
      ? parsedOrThrow(
          'casework',
          placeSchema.safeParse({ municipality: change.municipality ?? '', province: change.province }),
        )
      : undefined;

  await deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (row.status !== change.from) throw new AppError('casework.conflict');
    if (duplicateOf) {
      const [original] = await tx.select({ id: report.id }).from(report).where(eq(report.id, duplicateOf)).limit(1);
      if (!original) throw new AppError('casework.duplicateNotFound');
    }
    const [published] = await tx
      .select({ id: publicIncident.reportId })
      .from(publicIncident)
      .where(eq(publicIncident.reportId, id))
      .limit(1);
    if (published && change.to !== 'closed') throw new AppError('casework.publishedFirstUnpublish');
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
    if (updated.length !== 1) throw new AppError('casework.conflict');
    const reason = change.to === 'rejected' ? (change.reason ?? null) : null;
    await tx
      .insert(reportStatusChange)
      .values({ reportId: id, fromStatus: change.from, toStatus: change.to, reason, actorId: actor.id });
    await auditReport(deps, tx, actor, 'report.status-changed', id, {
      from: change.from,
      to: change.to,
      ...(change.to === 'rejected' ? { reason } : {}),
    });
  });
}
