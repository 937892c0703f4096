import type { ReporterControlView } from '../casework/reporter-control.ts';
import type { ReportStatus } from '../casework/statuses.ts';
import type { SupportQuestionView } from '../casework/support.ts';
import type { ReplyNoticeSender } from './reply-notice.ts';
import type { SharingConsent } from './report-questions.ts';

/**
 * The reporter's way back to a report: a receipt of 16 digits, shown once after sending, and a
 * follow-up page that opens the report's thread with it. See docs/decisions/0011-follow-up-receipts.md.
 */
export const RECEIPT_DIGITS = 16;
/** A session opened with a receipt ends after this long without a request. */
export const FOLLOW_UP_IDLE_MINUTES = 20;
/** ... and in any case this long after it was opened. */
export const FOLLOW_UP_MAX_HOURS = 2;
export const FOLLOW_UP_MESSAGE_MAX_LENGTH = 5_000;

/** The receipt as typed: digits, with spaces or dashes anywhere. Undefined when it cannot be one. */
export function normaliseReceipt(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length > 64) return undefined;
  const digits = input.replace(/[\s\u00a0-]/g, '');
  return new RegExp(`^[0-9]{${RECEIPT_DIGITS}}$`).test(digits) ? digits : undefined;
}

/** 1234 5678 9012 3456: four groups of four, easier to read out and to copy by hand. */
export function formatReceipt(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** What the reporter is told about the state of their report, in plain words. */
export const REPORTER_STATUSES = ['received', 'inReview', 'handled'] as const;
export type ReporterStatus = (typeof REPORTER_STATUSES)[number];

export function reporterStatusOf(status: ReportStatus): ReporterStatus {
  if (status === 'new') return 'received';
  if (status === 'in_review') return 'inReview';
  return 'handled';
}

export const THREAD_AUTHORS = ['reporter', 'staff', 'system'] as const;
export type ThreadAuthor = (typeof THREAD_AUTHORS)[number];

/** A message as the reporter sees it: never a staff member's name, never a personal field. */
export type FollowUpMessage = {
  id: string;
  author: ThreadAuthor;
  at: string;
  /** Null for the automatic messages (the acknowledgement, the support question), which the page writes in the reader's language. */
  body: string | null;
  /** Which automatic message it is (decision 0053); absent for the acknowledgement and every written message. */
  systemText?: 'support-question';
  /** The names of the files the reporter sent with this message. */
  fileNames: string[];
  /** A staff message the reporter has not seen before this visit. */
  isNew: boolean;
};

export type FollowUpThread = {
  status: ReporterStatus;
  /** The day the report was sent, YYYY-MM-DD. */
  sentOn: string;
  messages: FollowUpMessage[];
  /** The reply notice's sender name, when the reporter left an address (decision 0041); never the address. */
  replyNotice?: ReplyNoticeSender | null;
  /** The reporter's own answer to "may we pass your report on?" (decision 0024); null if never asked. */
  consent: SharingConsent | null;
  /** What left the organisation, consent withdrawn, erasure asked and answered (decision 0046). */
  control: ReporterControlView;
  /** When the report's personal data was erased: the page then shows only that, and the erasure's answer. */
  erasedAt: string | null;
  /** The question asked when the case closed, whether they got the help they needed, and their answer (decision 0053). */
  support?: SupportQuestionView | null;
};

/** What the follow-up page finds for its visitor. */
export type FollowUpState =
  | { state: 'none' }
  /** The session cookie was there but the session has ended (idle, too old, or closed elsewhere). */
  | { state: 'ended'; setCookie: string }
  | { state: 'open'; thread: FollowUpThread };

export type FollowUpServicesForWeb = {
  /** The thread of the session whose cookie the request carries; renews the idle timer. */
  view(cookieHeader: string | null): Promise<FollowUpState>;
};
