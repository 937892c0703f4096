import { REPLY_NOTICE_ADDRESS_MAX_LENGTH, REPLY_NOTICE_SENDERS } from './reply-notice-options.ts';
import { z } from './zod.ts';

export {
  REPLY_NOTICE_ADDRESS_MAX_LENGTH,
  REPLY_NOTICE_SENDERS,
  type ReplyNoticeSender,
} from './reply-notice-options.ts';

/** The reply notice's check, on the server (its choices: reply-notice-options.ts). */
export const replyNoticeSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1, 'NOTICE_ADDRESS_INVALID')
    .max(REPLY_NOTICE_ADDRESS_MAX_LENGTH, 'NOTICE_ADDRESS_INVALID')
    .pipe(z.email('NOTICE_ADDRESS_INVALID')),
  sender: z.enum(REPLY_NOTICE_SENDERS, 'NOTICE_SENDER_INVALID'),
});
export type ReplyNoticeInput = { address: string; sender: string };
