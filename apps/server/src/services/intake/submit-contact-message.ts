import { randomUUID } from 'node:crypto';
import type { ContactMessageInput } from '@app/core/forms/contact.schema';
import type { SpamCheck } from '@app/core/forms/plain-forms';
import type { Encryption } from '../../crypto/encryption.ts';
import type { Db } from '../../db/database.ts';
import { contactMessage, notificationOutbox } from '../../db/schema.ts';

/** Stores a validated contact message, sealed, with its staff notification, in one transaction. */
export async function submitContactMessage(
  { db, encryption }: { db: Db; encryption: Encryption },
  input: ContactMessageInput,
  { isQuarantined, spamCheck = 'proof-of-work' }: { isQuarantined: boolean; spamCheck?: SpamCheck },
): Promise<{ messageId: string }> {
  const messageId = randomUUID();
  const { language, ...content } = input;
  await db.transaction(async (tx) => {
    await tx.insert(contactMessage).values({
      id: messageId,
      language,
      content: encryption.sealText(JSON.stringify(content)),
      isQuarantined,
      spamCheck,
    });
    if (!isQuarantined) await tx.insert(notificationOutbox).values({ kind: 'newMessage' });
  });
  return { messageId };
}
