import {
  placeSchema,
  type ReportStatusChangeInput,
  reportStatusChangeSchema,
} from '@app/core/casework/casework.schema';
import { canTransition } from '@app/core/casework/report-workflow';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { and, eq, ne, sql } from 'drizzle-orm';
import { publicIncident, reportStatusChange } from '../../db/casework-schema.ts';
import { incident, report } from '../../db/schema.ts';
import { isVerifiedReport, wouldCount } from '../../services/figures/verified-incidents.ts';
import { askSupportQuestion } from '../../services/follow-up/support-question.ts';
import { type Actor, auditReport, authorize, type OperationDeps, type Tx } from '../operation-context.ts';
import { lockReportAndIncident } from './report-queries.ts';

/**
 * Moves a report along its lifecycle (packages/core/src/casework/report-workflow.ts). The change
 * names the status the page showed (`from`): the report and its incident are locked, and if another
 * member changed the status since, the answer is `casework.conflict`, never an overwrite of their
 * decision. Verification records the place on the report's incident (decision 0037). A published
 * incident must keep counting: a change that would leave it with no verified report is refused
 * until it is unpublished (for a report alone in its incident: anything but closing, as before
 * incidents). Verifying needs the incident classified with a category first (decision 0044).
 * Closing is where the case closes: the same transaction asks the reporter, once per report, in
 * their thread, whether they got the help they needed (decision 0053).
 * Permission: reports:manage.
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
  const place =
    change.to === 'verified'
      ? parsedOrThrow(
          'casework',
          placeSchema.safeParse({
            municipality: change.municipality ?? '',
            province: change.province,
            arrondissement: change.arrondissement,
          }),
        )
      : undefined;

  await deps.db.transaction(async (tx) => {
    const { report: row, incident: its } = await lockReportAndIncident(tx, id);
    if (row.status !== change.from) throw new AppError('casework.conflict');
    // An incident is verified only with a category (decision 0044): staff classify it first.
    if (change.to === 'verified' && its.category === null) throw new AppError('casework.classifyFirst');
    // Closing keeps the decision (a closed report still counts as verified, or not); going back
    // to review clears it.
    const reason =
      change.to === 'rejected' ? (change.reason ?? null) : change.to === 'in_review' ? null : row.rejectionReason;
    const willCount = await wouldCount(tx, {
      status: change.to,
      rejectionReason: reason,
      isQuarantined: row.isQuarantined,
    });
    if (await leavesPublishedUncounted(tx, its.id, id, willCount)) {
      throw new AppError('casework.publishedFirstUnpublish');
    }
    const updated = await tx
      .update(report)
      .set({ status: change.to, statusChangedAt: new Date(), rejectionReason: reason })
      .where(and(eq(report.id, id), eq(report.status, change.from)))
      .returning({ id: report.id });
    if (updated.length !== 1) throw new AppError('casework.conflict');
    if (place) {
      await tx
        .update(incident)
        .set({ ...place, revision: sql`${incident.revision} + 1`, updatedAt: new Date() })
        .where(eq(incident.id, its.id));
    }
    await tx.insert(reportStatusChange).values({
      reportId: id,
      fromStatus: change.from,
      toStatus: change.to,
      reason: change.to === 'rejected' ? reason : null,
      actorId: actor.id,
    });
    await auditReport(deps, tx, actor, 'report.status-changed', id, {
      from: change.from,
      to: change.to,
      ...(change.to === 'rejected' ? { reason } : {}),
    });
    if (change.to === 'closed' && (await askSupportQuestion(tx, { ...row, rejectionReason: reason }, new Date()))) {
      await auditReport(deps, tx, actor, 'report.support-question-asked', id);
    }
  });
}

/**
 * Whether the incident is published and would count no more once the report `reportId` counts as
 * `reportWillCount`: none of its other reports counts. The incident is locked by the caller.
 */
async function leavesPublishedUncounted(tx: Tx, incidentId: string, reportId: string, reportWillCount: boolean) {
  if (reportWillCount) return false;
  const [published] = await tx
    .select({ id: publicIncident.incidentId })
    .from(publicIncident)
    .where(eq(publicIncident.incidentId, incidentId))
    .limit(1);
  if (!published) return false;
  const [other] = await tx
    .select({ id: report.id })
    .from(report)
    .where(and(eq(report.incidentId, incidentId), ne(report.id, reportId), isVerifiedReport))
    .limit(1);
  return !other;
}
