/**
 * Reply notices (issue 27, item 3; decision 0041): a reporter may leave an address that is only
 * ever told "there is a new message on the follow-up page", under one of two neutral sender
 * names: no content, no case detail, no name of the organisation. Nothing here imports zod, so the
 * follow-up page can offer these choices without loading the validation (reply-notice.ts checks).
 */
export const REPLY_NOTICE_SENDERS = ['notifications', 'messages'] as const;
export type ReplyNoticeSender = (typeof REPLY_NOTICE_SENDERS)[number];
export const REPLY_NOTICE_ADDRESS_MAX_LENGTH = 254;
