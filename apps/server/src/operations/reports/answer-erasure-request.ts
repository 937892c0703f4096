import { erasureAnswerSchema } from '@app/core/casework/casework.schema';
import type { ErasureAnswerInput } from '@app/core/casework/reporter-control';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { and, eq, isNull } from 'drizzle-orm';
import { reporterRequest } from '../../db/reporter-control-schema.ts';
import { legalHold } from '../../db/retention-schema.ts';
import { eraseReportData } from '../../services/retention/erase-report.ts';
import { type Actor, auditReport, authorize, nowOf, type OperationDeps } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

/**
 * A coordinator answers a reporter's request for erasure (decision 0046). Permission:
 * reports:manage. In one transaction: the report is locked, the request answered by a guarded
 * update (a request already answered, by someone else meanwhile, is `casework.noErasureRequest`),
 * and the audit row written; "erase" erases the report's personal data and free texts there and
 * then, as retention does, leaving the `report_erasure` record (`via: request`), and is refused
 * while a legal hold stands (`casework.erasureHeld`: lift it, or refuse with that reason). The
 * stored files are deleted once the transaction has committed. The reporter reads the answer
 * through their receipt.
 */
export async function answerErasureRequest(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: ErasureAnswerInput,
): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  const answer = parsedOrThrow('casework', erasureAnswerSchema.safeParse(input));
  const now = nowOf(deps);
  const files = await deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (answer.answer === 'erase') {
      const [hold] = await tx.select({ id: legalHold.id }).from(legalHold).where(eq(legalHold.reportId, id));
      if (hold) throw new AppError('casework.erasureHeld');
    }
    const [answered] = await tx
      .update(reporterRequest)
      .set({
        answeredAt: now,
        answeredBy: actor.id,
        outcome: answer.answer === 'erase' ? 'erased' : 'refused',
        refusalReason: answer.answer === 'refuse' ? answer.reason : null,
      })
      .where(
        and(eq(reporterRequest.reportId, id), eq(reporterRequest.kind, 'erasure'), isNull(reporterRequest.answeredAt)),
      )
      .returning({ id: reporterRequest.id });
    if (!answered) throw new AppError('casework.noErasureRequest');
    await auditReport(deps, tx, actor, 'report.erasure-answered', id, {
      outcome: answer.answer === 'erase' ? 'erased' : 'refused',
      reason: answer.answer === 'refuse' ? answer.reason : null,
    });
    // Erased already by retention meanwhile: the answer stands, and there is nothing left to erase.
    if (answer.answer !== 'erase' || row.personalDataErasedAt) return [];
    const paths = await eraseReportData(tx, deps.encryption, id, now, { via: 'request' });
    await auditReport(deps, tx, actor, 'report.personal-data-erased', id, { via: 'request', files: paths.length });
    return paths;
  });
  await Promise.allSettled(files.map((path) => deps.storage.delete(path)));
}
