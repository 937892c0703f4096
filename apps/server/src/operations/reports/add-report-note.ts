import { noteSchema } from '@app/core/casework.schema';
import type { CaseworkResult } from '@app/core/casework-api';
import { reportNote } from '../../db/casework-schema.ts';
import { type Actor, auditReport, authorize, firstCode, type OperationDeps } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

/** A note only staff see, sealed (it may repeat what the reporter said). Permission: reports:manage. */
export async function addReportNote(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  body: string,
): Promise<CaseworkResult> {
  await authorize(deps, actor, 'reports:manage');
  const parsed = noteSchema.safeParse({ body });
  if (!parsed.success) return { ok: false, code: firstCode(parsed.error) };
  return deps.db.transaction(async (tx) => {
    if (!(await lockReport(tx, id))) return { ok: false, code: 'notFound' } as const;
    const [note] = await tx
      .insert(reportNote)
      .values({ reportId: id, authorId: actor.id, body: deps.encryption.sealText(parsed.data.body) })
      .returning({ id: reportNote.id });
    await auditReport(deps, tx, actor, 'report.note-added', id, { note: note?.id ?? null });
    return { ok: true } as const;
  });
}
