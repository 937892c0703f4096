import { isUuid } from '@app/core/ids';
import { eq } from 'drizzle-orm';
import { contactMessage } from '../../db/schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/** Deletes a message for good; false when there is no such message. Permission: messages:manage. */
export async function deleteMessage(deps: OperationDeps, actor: Actor, id: string): Promise<boolean> {
  await authorize(deps, actor, 'messages:manage');
  if (!isUuid(id)) return false;
  return deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(contactMessage)
      .where(eq(contactMessage.id, id))
      .returning({ id: contactMessage.id });
    if (removed.length === 0) return false;
    await deps.audit.record(
      { action: 'message.deleted', actorId: actor.id, subjectType: 'message', subjectId: id },
      tx,
    );
    return true;
  });
}
