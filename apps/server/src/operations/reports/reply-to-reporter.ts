import { replySchema } from '@app/core/casework.schema';
import type { CaseworkResult } from '@app/core/casework-api';
import { reportMessage } from '../../db/schema.ts';
import { type Actor, auditReport, authorize, firstCode, type OperationDeps } from '../operation-context.ts';
import { markReporterMessagesRead } from './open-report.ts';
import { lockReport } from './report-queries.ts';

/**
 * Writes to the reporter, who reads it on the follow-up page; their messages so far count as read.
 * Not for a report without a receipt, nor once its personal data was erased. Permission: reports:manage.
 */
export async function replyToReporter(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  body: string,
): Promise<CaseworkResult> {
  await authorize(deps, actor, 'reports:manage');
  const parsed = replySchema.safeParse({ body });
  if (!parsed.success) return { ok: false, code: firstCode(parsed.error) };
  return deps.db.transaction(async (tx) => {
    const row = await lockReport(tx, id);
    if (!row) return { ok: false, code: 'notFound' } as const;
    if (!row.receiptHash || row.personalDataErasedAt) return { ok: false, code: 'noReceipt' } as const;
    await tx
      .insert(reportMessage)
      .values({ reportId: id, author: 'staff', staffId: actor.id, body: deps.encryption.sealText(parsed.data.body) });
    await markReporterMessagesRead(tx, id);
    await auditReport(deps, tx, actor, 'report.reply-sent', id);
    return { ok: true } as const;
  });
}
