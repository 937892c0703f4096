import type { CodeOf } from '../errors/error-codes.ts';
import type { ReportStatus } from './statuses.ts';

/**
 * Every rejection reason a report or its history may hold. `duplicate` is retired (decision 0037):
 * a report that repeats another is linked into the other's incident, not rejected; the reports
 * rejected as duplicates before incidents keep the reason, and their history keeps it too.
 */
export const STORED_REJECTION_REASONS = ['not_antisemitic', 'duplicate', 'spam', 'other'] as const;
export type RejectionReason = (typeof STORED_REJECTION_REASONS)[number];

/** Why staff may reject a report today. */
export const REJECTION_REASONS = ['not_antisemitic', 'spam', 'other'] as const satisfies readonly RejectionReason[];

/**
 * The status lifecycle: new → in review → verified or rejected → closed. A decision can be taken
 * back to "in review" (a mistake, new information, a closed case that comes back); a published
 * incident must be unpublished first (the report service checks that).
 */
export const REPORT_TRANSITIONS: Readonly<Record<ReportStatus, readonly ReportStatus[]>> = {
  new: ['in_review'],
  in_review: ['verified', 'rejected'],
  verified: ['closed', 'in_review'],
  rejected: ['closed', 'in_review'],
  closed: ['in_review'],
};

export function canTransition(from: ReportStatus, to: ReportStatus): boolean {
  return REPORT_TRANSITIONS[from].includes(to);
}

/** Errors of casework, as codes the pages translate (`casework.errors.<code>`). */
export type CaseworkErrorCode = CodeOf<'casework'>;

export const NOTE_MAX_LENGTH = 5_000;
export const PUBLIC_SUMMARY_MAX_LENGTH = 600;
export const MUNICIPALITY_MAX_LENGTH = 80;
