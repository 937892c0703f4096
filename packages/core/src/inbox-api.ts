import type { StaffIdentity } from './staff-api.ts';
import type { MessageStatus } from './statuses.ts';

export type InboxItem = {
  id: string;
  receivedAt: string;
  status: MessageStatus;
  senderName: string;
  /** The first words of the message. */
  preview: string;
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
};

/** Contact messages for coordinators and admins; opening a new message marks it read. */
export type InboxServicesForWeb = {
  list(query: { status: MessageStatus; page: number }): Promise<InboxPage>;
  open(actor: StaffIdentity, id: string): Promise<InboxMessage | undefined>;
  setStatus(actor: StaffIdentity, id: string, status: MessageStatus): Promise<boolean>;
  remove(actor: StaffIdentity, id: string): Promise<boolean>;
};
