import { isUuid } from '@app/core/ids';
import type { InboxMessage, InboxServicesForWeb } from '@app/core/inbox-api';
import type { MessageStatus } from '@app/core/statuses';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Encryption } from '../crypto/encryption.ts';
import type { Db } from '../db/database.ts';
import { contactMessage } from '../db/schema.ts';
import type { AuditLog } from './audit.service.ts';

export const INBOX_PAGE_SIZE = 25;
const PREVIEW_LENGTH = 120;

type Content = Omit<InboxMessage, 'id' | 'receivedAt' | 'status' | 'language'>;

/** The contact-form inbox: new, read and archived messages; deleting one removes it for good. */
export function createInboxService(db: Db, encryption: Encryption, audit: AuditLog): InboxServicesForWeb {
  const content = (sealed: string): Content => {
    const parsed = JSON.parse(encryption.openText(sealed)) as Partial<Content>;
    return {
      firstName: parsed.firstName ?? '',
      lastName: parsed.lastName ?? '',
      email: parsed.email ?? '',
      phone: parsed.phone ?? '',
      message: parsed.message ?? '',
    };
  };
  const find = async (id: string) =>
    isUuid(id) ? (await db.select().from(contactMessage).where(eq(contactMessage.id, id)).limit(1))[0] : undefined;

  return {
    async list({ status, page }) {
      const where = and(eq(contactMessage.status, status), eq(contactMessage.isQuarantined, false));
      const current = Math.max(1, page);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(contactMessage)
          .where(where)
          .orderBy(desc(contactMessage.createdAt))
          .limit(INBOX_PAGE_SIZE)
          .offset((current - 1) * INBOX_PAGE_SIZE),
        db.select({ total: count() }).from(contactMessage).where(where),
      ]);
      return {
        items: rows.map((row) => {
          const { firstName, lastName, message } = content(row.content);
          const preview = message.length > PREVIEW_LENGTH ? `${message.slice(0, PREVIEW_LENGTH)}…` : message;
          return {
            id: row.id,
            receivedAt: row.createdAt.toISOString(),
            status: row.status as MessageStatus,
            senderName: [firstName, lastName].filter(Boolean).join(' '),
            preview,
          };
        }),
        total: totals[0]?.total ?? 0,
        page: current,
        pageSize: INBOX_PAGE_SIZE,
      };
    },

    async open(_actor, id) {
      const row = await find(id);
      if (!row) return undefined;
      if (row.status === 'new')
        await db.update(contactMessage).set({ status: 'read' }).where(eq(contactMessage.id, id));
      return {
        id: row.id,
        receivedAt: row.createdAt.toISOString(),
        status: row.status === 'new' ? 'read' : (row.status as MessageStatus),
        language: row.language,
        ...content(row.content),
      };
    },

    async setStatus(actor, id, status) {
      if (!(await find(id))) return false;
      await db.update(contactMessage).set({ status }).where(eq(contactMessage.id, id));
      await audit.record({
        action: 'message.status-changed',
        actorId: actor.id,
        subjectType: 'message',
        subjectId: id,
        details: { to: status },
      });
      return true;
    },

    async remove(actor, id) {
      if (!(await find(id))) return false;
      await db.delete(contactMessage).where(eq(contactMessage.id, id));
      await audit.record({ action: 'message.deleted', actorId: actor.id, subjectType: 'message', subjectId: id });
      return true;
    },
  };
}
