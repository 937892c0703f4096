import type { InboxItem, InboxMessage } from '@app/core/casework/inbox-api';
import type { Encryption } from '../../crypto/encryption.ts';
import type { contactMessage } from '../../db/schema.ts';
import { openSealedFields } from './sealed-identity.ts';

const PREVIEW_LENGTH = 120;

type MessageRow = typeof contactMessage.$inferSelect;
type Sealed = { firstName: string; lastName: string; email: string; phone: string; message: string };

/** The sender and the message, opened; every field named, absent ones empty. */
export function openMessageContent(encryption: Encryption, sealed: string): Sealed {
  return openSealedFields(encryption, sealed, ['firstName', 'lastName', 'email', 'phone', 'message']);
}

/** A contact message in the inbox list, for roles with `messages:manage`. */
export function presentInboxItem(encryption: Encryption, row: MessageRow): InboxItem {
  const { firstName, lastName, message } = openMessageContent(encryption, row.content);
  return {
    id: row.id,
    receivedAt: row.createdAt.toISOString(),
    status: row.status,
    senderName: [firstName, lastName].filter(Boolean).join(' '),
    preview: message.length > PREVIEW_LENGTH ? `${message.slice(0, PREVIEW_LENGTH)}…` : message,
    spamCheck: row.spamCheck,
  };
}

/** A contact message opened, for roles with `messages:manage`. */
export function presentInboxMessage(encryption: Encryption, row: MessageRow): InboxMessage {
  const content = openMessageContent(encryption, row.content);
  return {
    id: row.id,
    receivedAt: row.createdAt.toISOString(),
    status: row.status,
    language: row.language,
    firstName: content.firstName,
    lastName: content.lastName,
    email: content.email,
    phone: content.phone,
    message: content.message,
    spamCheck: row.spamCheck,
  };
}
