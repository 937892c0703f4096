import type { InboxPage } from '@app/core/casework/inbox-api';
import type { MessageStatus } from '@app/core/casework/statuses';
import type { SpamCheck } from '@app/core/forms/plain-forms';
import { and, count, desc, eq } from 'drizzle-orm';
import { contactMessage } from '../../db/schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { presentInboxItem } from '../presenters/message-presenter.ts';

export const INBOX_PAGE_SIZE = 25;

/**
 * One page of the contact inbox (new, read or archived), optionally only the messages sent with or
 * without the automatic check (decision 0021). Permission: messages:manage.
 */
export async function listMessages(
  deps: OperationDeps,
  actor: Actor,
  query: { status: MessageStatus; page: number; spamCheck?: SpamCheck },
): Promise<InboxPage> {
  await authorize(deps, actor, 'messages:manage');
  const where = and(
    eq(contactMessage.status, query.status),
    eq(contactMessage.isQuarantined, false),
    query.spamCheck ? eq(contactMessage.spamCheck, query.spamCheck) : undefined,
  );
  const page = Math.max(1, query.page);
  const [rows, totals] = await Promise.all([
    deps.db
      .select()
      .from(contactMessage)
      .where(where)
      .orderBy(desc(contactMessage.createdAt))
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE),
    deps.db.select({ total: count() }).from(contactMessage).where(where),
  ]);
  return {
    items: rows.map((row) => presentInboxItem(deps.encryption, row)),
    total: totals[0]?.total ?? 0,
    page,
    pageSize: INBOX_PAGE_SIZE,
  };
}
