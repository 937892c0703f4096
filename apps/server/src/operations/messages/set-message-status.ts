import { messageStatusSchema } from '@app/core/casework.schema';
import { isUuid } from '@app/core/ids';
import type { MessageStatus } from '@app/core/statuses';
import { eq } from 'drizzle-orm';
import { contactMessage } from '../../db/schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/** Archives a message or brings it back to the inbox; false when there is no such message. Permission: messages:manage. */
export async function setMessageStatus(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  status: MessageStatus,
): Promise<boolean> {
  await authorize(deps, actor, 'messages:manage');
  const parsed = messageStatusSchema.safeParse({ status });
  if (!parsed.success || !isUuid(id)) return false;
  return deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(contactMessage)
      .set({ status: parsed.data.status })
      .where(eq(contactMessage.id, id))
      .returning({ id: contactMessage.id });
    if (updated.length === 0) return false;
    await deps.audit.record(
      {
        action: 'message.status-changed',
        actorId: actor.id,
        subjectType: 'message',
        subjectId: id,
        details: { to: parsed.data.status },
      },
      tx,
    );
    return true;
  });
}
