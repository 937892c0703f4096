import { AppError } from '@app/core/errors/app-error';
import { isUuid } from '@app/core/site/ids';
import { eq } from 'drizzle-orm';
import { contactMessage } from '../../db/schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/** Deletes a message for good; `NOT_FOUND` when there is no such message. Permission: messages:manage. */
export async function deleteMessage(deps: OperationDeps, actor: Actor, id: string): Promise<void> {
  await authorize(deps, actor, 'messages:manage');
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(contactMessage)
      .where(eq(contactMessage.id, id))
      .returning({ id: contactMessage.id });
    if (removed.length === 0) throw new AppError('NOT_FOUND');
    await deps.audit.record(
      { action: 'message.deleted', actorId: actor.id, subjectType: 'message', subjectId: id },
      tx,
    );
  });
}
