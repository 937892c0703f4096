import type { CodeOf } from '../errors/error-codes.ts';
import type { ReportStatus } from './statuses.ts';

/** Why a report was rejected; `duplicate` also names the report it repeats. */
export const REJECTION_REASONS = ['not_antisemitic', 'duplicate', 'spam', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

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
