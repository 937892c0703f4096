import type { InboxMessage } from '@app/core/casework/inbox-api';
import { AppError } from '@app/core/errors/app-error';
import { isUuid } from '@app/core/site/ids';
import { and, eq } from 'drizzle-orm';
import { contactMessage } from '../../db/schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { presentInboxMessage } from '../presenters/message-presenter.ts';

/** A contact message; opening a new one marks it read. `NOT_FOUND` for an id that names none. Permission: messages:manage. */
export async function openMessage(deps: OperationDeps, actor: Actor, id: string): Promise<InboxMessage> {
  await authorize(deps, actor, 'messages:manage');
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  // Only a message still new becomes read; one archived meanwhile stays archived.
  await deps.db
    .update(contactMessage)
    .set({ status: 'read' })
    .where(and(eq(contactMessage.id, id), eq(contactMessage.status, 'new')));
  const [row] = await deps.db.select().from(contactMessage).where(eq(contactMessage.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return presentInboxMessage(deps.encryption, row);
}
