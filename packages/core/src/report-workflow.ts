import { z } from 'zod';
import { REPORT_STATUSES, type ReportStatus } from './statuses.ts';

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
export const CASEWORK_ERROR_CODES = [
  'notFound',
  'invalidTransition',
  'reasonRequired',
  'duplicateOfRequired',
  'duplicateOfItself',
  'duplicateNotFound',
  'noteRequired',
  'noteTooLong',
  'notVerified',
  'municipalityRequired',
  'summaryRequired',
  'summaryTooLong',
  'alreadyPublished',
  'publishedFirstUnpublish',
  'staffNotFound',
  'invalidChoice',
  'replyRequired',
  'replyTooLong',
  'noReceipt',
  /** Someone else changed the report first: the page shows the current state. */
  'conflict',
] as const;
export type CaseworkErrorCode = (typeof CASEWORK_ERROR_CODES)[number];

export const NOTE_MAX_LENGTH = 5_000;
export const PUBLIC_SUMMARY_MAX_LENGTH = 600;
export const MUNICIPALITY_MAX_LENGTH = 80;

/** A status change as the detail page's form sends it. */
export const statusChangeSchema = z
  .object({
    to: z.enum(REPORT_STATUSES, 'invalidChoice'),
    reason: z.enum(REJECTION_REASONS, 'reasonRequired').optional(),
    duplicateOf: z.string().trim().optional(),
  })
  .superRefine((value, context) => {
    if (value.to !== 'rejected') return;
    if (!value.reason) context.addIssue({ code: 'custom', path: ['reason'], message: 'reasonRequired' });
    if (value.reason === 'duplicate' && !value.duplicateOf) {
      context.addIssue({ code: 'custom', path: ['duplicateOf'], message: 'duplicateOfRequired' });
    }
  });
export type StatusChange = z.infer<typeof statusChangeSchema>;
