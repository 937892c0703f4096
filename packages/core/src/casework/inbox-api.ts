import type { SpamCheck } from '../forms/plain-forms.ts';
import type { MessageStatus } from './statuses.ts';

export type InboxItem = {
  id: string;
  receivedAt: string;
  status: MessageStatus;
  senderName: string;
  /** The first words of the message. */
  preview: string;
  /** `form-token`: sent without JavaScript, without the automatic check (decision 0021). */
  spamCheck: SpamCheck;
};

export type InboxPage = { items: InboxItem[]; total: number; page: number; pageSize: number };

export type InboxMessage = {
  id: string;
  receivedAt: string;
  status: MessageStatus;
  language: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  spamCheck: SpamCheck;
};
