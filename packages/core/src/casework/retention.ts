import { z } from '../forms/zod.ts';

/**
 * Retention by outcome and the legal hold (decision 0040). The outcomes whose personal data is
 * erased after a period of its own, counted from the moment the report reached that status.
 */
export const RETENTION_OUTCOMES = ['rejected', 'verified', 'closed'] as const;
export type RetentionOutcome = (typeof RETENTION_OUTCOMES)[number];

/** Months per outcome; a verified report without a period is kept as an open case. */
export type RetentionPeriods = { rejected: number; closed: number; verified?: number };

/** Coordinators are warned this many days before a report's personal data is erased. */
export const ERASURE_WARNING_DAYS = 14;
/** Nothing is erased within this many days of the reporter's last message. */
export const REPORTER_QUIET_DAYS = 30;
/** A legal hold is due for review this many months after it was set or last reviewed. */
export const LEGAL_HOLD_REVIEW_MONTHS = 12;
export const LEGAL_HOLD_REASON_MAX_LENGTH = 500;

export const legalHoldSchema = z.object({
  reason: z.string().trim().min(1, 'holdReasonRequired').max(LEGAL_HOLD_REASON_MAX_LENGTH, 'holdReasonTooLong'),
});
export type LegalHoldInput = { reason: string };

/** A report's legal hold as staff see it on the report's page. */
export type LegalHoldView = {
  reason: string;
  setAt: string;
  setBy: string | null;
  reviewedAt: string | null;
  /** A year after it was set or last reviewed. */
  reviewDueAt: string;
  reviewDue: boolean;
};

/** When review is due: LEGAL_HOLD_REVIEW_MONTHS after the later of setting and last review. */
export function holdReviewDueAt(setAt: Date, reviewedAt: Date | null): Date {
  const from = new Date(reviewedAt && reviewedAt > setAt ? reviewedAt : setAt);
  from.setUTCMonth(from.getUTCMonth() + LEGAL_HOLD_REVIEW_MONTHS);
  return from;
}
