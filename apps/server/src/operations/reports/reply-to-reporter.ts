import { replySchema } from '@app/core/casework/casework.schema';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { reportMessage } from '../../db/schema.ts';
import { indexReportTexts } from '../../services/casework/search-index.ts';
import { markReplyNoticeDue } from '../../services/follow-up/reply-notices.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { markReporterMessagesRead } from './open-report.ts';
import { lockReport } from './report-queries.ts';

/**
 * Writes to the reporter, who reads it on the follow-up page; their messages so far count as read.
 * Not for a report without a receipt, nor once its personal data was erased. Permission: reports:manage.
 */
export async function replyToReporter(deps: OperationDeps, actor: Actor, id: string, body: string): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  const reply = parsedOrThrow('casework', replySchema.safeParse({ body }));
  await deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (!row.receiptHash || row.personalDataErasedAt) throw new AppError('casework.noReceipt');
    await tx
      .insert(reportMessage)
      .values({ reportId: id, author: 'staff', staffId: actor.id, body: deps.encryption.sealText(reply.body) });
    await indexReportTexts(tx, deps.encryption, id, [reply.body]);
    await markReporterMessagesRead(tx, id);
    // The reporter's reply notice, if they left one, is told in the outbox's next pass.
    await markReplyNoticeDue(tx, id);
    await auditReport(deps, tx, actor, 'report.reply-sent', id);
  });
}
