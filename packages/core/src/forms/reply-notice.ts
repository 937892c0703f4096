import { z } from './zod.ts';

/**
 * Reply notices (issue 27, item 3; decision 0041): a reporter may leave an address that is only
 * ever told "there is a new message on the follow-up page", under one of two neutral sender
 * names: no content, no case detail, no name of the organisation.
 */
export const REPLY_NOTICE_SENDERS = ['notifications', 'messages'] as const;
export type ReplyNoticeSender = (typeof REPLY_NOTICE_SENDERS)[number];
export const REPLY_NOTICE_ADDRESS_MAX_LENGTH = 254;

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
