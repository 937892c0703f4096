/**
 * The reporter stays in control (issue 27, item 2; decision 0046): through their receipt they see
 * each time their report left the organisation, may withdraw their consent to pass it on, and may
 * ask for its erasure, which staff confirm or refuse with a reason. No zod here: the follow-up page
 * imports these words and numbers, and the staff's answer schema is in `casework.schema.ts`.
 */

/** How a report left the organisation: an evidence pack (decision 0026); referrals later. */
export const DISCLOSURE_KINDS = ['evidence-pack', 'referral'] as const;
export type DisclosureKind = (typeof DISCLOSURE_KINDS)[number];

/** To whom: the police, Unia, or a partner organisation. */
export const DISCLOSURE_RECIPIENTS = ['police', 'unia', 'partner'] as const;
export type DisclosureRecipient = (typeof DISCLOSURE_RECIPIENTS)[number];

/** What the reporter asks through the follow-up page. */
export const REPORTER_REQUEST_KINDS = ['withdraw-consent', 'erasure'] as const;
export type ReporterRequestKind = (typeof REPORTER_REQUEST_KINDS)[number];

/** Why staff may refuse an erasure: a legal hold on a case under proceedings, or a legal duty to keep it. */
export const ERASURE_REFUSAL_REASONS = ['legal-hold', 'legal-obligation'] as const;
export type ErasureRefusalReason = (typeof ERASURE_REFUSAL_REASONS)[number];

/** Staff answer a request for erasure within this many Belgian working days. */
export const ERASURE_ANSWER_WORKING_DAYS = 10;

/** One time the report left the organisation, as the reporter and staff see it. */
export type Disclosure = {
  kind: DisclosureKind;
  recipient: DisclosureRecipient;
  /** When it was sent (an instant, ISO). */
  at: string;
  identityIncluded: boolean;
};

export type ErasureRequestView = {
  requestedAt: string;
  /** ERASURE_ANSWER_WORKING_DAYS after the request. */
  answerDueAt: string;
  answer: { at: string; outcome: 'erased' } | { at: string; outcome: 'refused'; reason: ErasureRefusalReason } | null;
};

/** What the follow-up page and the report's page show of the reporter's control. */
export type ReporterControlView = {
  shared: Disclosure[];
  consentWithdrawnAt: string | null;
  erasure: ErasureRequestView | null;
};

export type ErasureAnswerInput = { answer: 'erase' } | { answer: 'refuse'; reason: ErasureRefusalReason };
