import {
  type Disclosure,
  ERASURE_ANSWER_WORKING_DAYS,
  type ErasureRequestView,
  type ReporterControlView,
  type ReporterRequestKind,
} from '@app/core/casework/reporter-control';
import { addWorkingDays } from '@app/core/casework/working-days';
import { asc, eq } from 'drizzle-orm';
import { createAuditLog } from '../../audit/audit-log.ts';
import type { Db } from '../../db/database.ts';
import { reportDisclosure, reporterRequest } from '../../db/reporter-control-schema.ts';
import { notificationOutbox, report } from '../../db/schema.ts';

type Reader = Pick<Db, 'select'>;

/**
 * What the reporter and staff see of the reporter's control over a report (decision 0046): each
 * time it left the organisation, whether consent to pass it on was withdrawn, and a request for
 * erasure with its answer.
 */
export async function reporterControlOf(db: Reader, reportId: string): Promise<ReporterControlView> {
  const [shared, requests] = await Promise.all([
    db
      .select({
        kind: reportDisclosure.kind,
        recipient: reportDisclosure.recipient,
        at: reportDisclosure.occurredAt,
        identityIncluded: reportDisclosure.identityIncluded,
      })
      .from(reportDisclosure)
      .where(eq(reportDisclosure.reportId, reportId))
      .orderBy(asc(reportDisclosure.occurredAt), asc(reportDisclosure.id)),
    db.select().from(reporterRequest).where(eq(reporterRequest.reportId, reportId)),
  ]);
  const withdrawal = requests.find((request) => request.kind === 'withdraw-consent');
  const erasure = requests.find((request) => request.kind === 'erasure');
  return {
    shared: shared.map((row): Disclosure => ({ ...row, at: row.at.toISOString() })),
    consentWithdrawnAt: withdrawal?.requestedAt.toISOString() ?? null,
    erasure: erasure ? erasureView(erasure) : null,
  };
}

function erasureView(row: typeof reporterRequest.$inferSelect): ErasureRequestView {
  const answeredAt = row.answeredAt?.toISOString();
  return {
    requestedAt: row.requestedAt.toISOString(),
    answerDueAt: addWorkingDays(row.requestedAt, ERASURE_ANSWER_WORKING_DAYS).toISOString(),
    answer:
      answeredAt && row.outcome === 'erased'
        ? { at: answeredAt, outcome: 'erased' }
        : answeredAt && row.outcome === 'refused' && row.refusalReason
          ? { at: answeredAt, outcome: 'refused', reason: row.refusalReason }
          : null,
  };
}

/**
 * The reporter asks, through their follow-up session: to withdraw their consent to pass the
 * report on, or to erase it. One transaction locks the report, records the request once (a second
 * ask changes nothing), writes the audit row (actor: the reporter) and tells staff through the
 * outbox (the report's link, nothing else), unless the spam check holds the report back. A report
 * already erased takes no request.
 */
export async function recordReporterRequest(db: Db, reportId: string, kind: ReporterRequestKind): Promise<void> {
  const audit = createAuditLog(db);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ erasedAt: report.personalDataErasedAt, isQuarantined: report.isQuarantined })
      .from(report)
      .where(eq(report.id, reportId))
      .for('update');
    if (!row || row.erasedAt) return;
    const [recorded] = await tx
      .insert(reporterRequest)
      .values({ reportId, kind })
      .onConflictDoNothing({ target: [reporterRequest.reportId, reporterRequest.kind] })
      .returning({ id: reporterRequest.id });
    if (!recorded) return;
    await audit.record(
      {
        action: kind === 'erasure' ? 'report.erasure-requested' : 'report.consent-withdrawn',
        actorKind: 'reporter',
        subjectType: 'report',
        subjectId: reportId,
      },
      tx,
    );
    if (!row.isQuarantined) await tx.insert(notificationOutbox).values({ kind: 'reporterRequest', reportId });
  });
}
