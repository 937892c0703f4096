import { messageStatusSchema } from '@app/core/casework/casework.schema';
import type { MessageStatus } from '@app/core/casework/statuses';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { isUuid } from '@app/core/site/ids';
import { eq } from 'drizzle-orm';
import { contactMessage } from '../../db/schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/**
 * Archives a message or brings it back to the inbox; `NOT_FOUND` when there is no such message.
 * Permission: messages:manage.
 */
export async function setMessageStatus(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  status: MessageStatus,
): Promise<void> {
  await authorize(deps, actor, 'messages:manage');
  const change = parsedOrThrow('casework', messageStatusSchema.safeParse({ status }));
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(contactMessage)
      .set({ status: change.status })
      .where(eq(contactMessage.id, id))
      .returning({ id: contactMessage.id });
    if (updated.length === 0) throw new AppError('NOT_FOUND');
    await deps.audit.record(
      {
        action: 'message.status-changed',
        actorId: actor.id,
        subjectType: 'message',
        subjectId: id,
        details: { to: change.status },
      },
      tx,
    );
  });
}
