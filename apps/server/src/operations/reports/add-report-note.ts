import { noteSchema } from '@app/core/casework/casework.schema';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { reportNote } from '../../db/casework-schema.ts';
import { indexReportTexts } from '../../services/casework/search-index.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';
import { lockReport } from './report-queries.ts';

/** A note only staff see, sealed (it may repeat what the reporter said). Permission: reports:manage. */
export async function addReportNote(deps: OperationDeps, actor: Actor, id: string, body: string): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  const note = parsedOrThrow('casework', noteSchema.safeParse({ body }));
  await deps.db.transaction(async (tx) => {
    await lockReport(tx, id);
    const [written] = await tx
      .insert(reportNote)
      .values({ reportId: id, authorId: actor.id, body: deps.encryption.sealText(note.body) })
      .returning({ id: reportNote.id });
    // The note's words join the report's search index (decision 0055).
    await indexReportTexts(tx, deps.encryption, id, [note.body]);
    await auditReport(deps, tx, actor, 'report.note-added', id, { note: written?.id ?? null });
  });
}
