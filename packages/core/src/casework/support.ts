import type { CodeOf } from '../errors/error-codes.ts';
import type { Protected } from '../figures/small-cells.ts';

/**
 * Support given (issue 26 item 3, decision 0053): the needs a reporter raised, the services given
 * for them and by whom, a sealed safety plan, and the reporter's answer, asked once when the case
 * closes, whether they got the help they needed. Every closed set here is also a CHECK in the
 * database. No zod here: the follow-up page imports this file, and its budget has no room for it
 * (the staff schemas are in `support.schema.ts`).
 */

/** What a reporter may need: safety advice, legal help, psychological help, help with a complaint, practical help. */
export const SUPPORT_NEEDS = ['safety-advice', 'legal', 'psychological', 'complaint-help', 'practical'] as const;
export type SupportNeed = (typeof SUPPORT_NEEDS)[number];

/** Who gave a service: a staff member, or a partner of the directory (decision 0050). */
export const SUPPORT_PROVIDERS = ['staff', 'partner'] as const;
export type SupportProvider = (typeof SUPPORT_PROVIDERS)[number];

/** The reporter's answer: 1 (not at all) to 5 (fully). */
export const SUPPORT_RATINGS = [1, 2, 3, 4, 5] as const;
export type SupportRating = (typeof SUPPORT_RATINGS)[number];

export const SUPPORT_SERVICE_MAX_LENGTH = 300;
export const SAFETY_PLAN_MAX_LENGTH = 5_000;
export const SUPPORT_WORDS_MAX_LENGTH = 1_000;
/** Why a service recorded by mistake is withdrawn. */
export const SUPPORT_WITHDRAWAL_MAX_LENGTH = 300;

/** Errors of the support panel (`support.errors.<code>`). */
export type SupportErrorCode = CodeOf<'support'>;

/** The reporter's rating as a form sends it, or undefined when it is none of 1–5. */
export function supportRatingOf(value: unknown): SupportRating | undefined {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return SUPPORT_RATINGS.find((rating) => String(rating) === text);
}

/** One service given, as the report's page shows it. */
export type SupportServiceView = {
  id: string;
  need: SupportNeed;
  /** What was done; null once the report's texts were erased. */
  description: string | null;
  provider: SupportProvider;
  /** The member or the partner who gave it (a partner disabled since stays named). */
  providerName: string;
  givenOn: string;
  recordedAt: string;
  /**
   * Withdrawn as recorded by mistake (decision 0053, amended): when, by whom (null once the
   * account is gone) and why (null once the report's texts were erased, or for a role that may
   * not read them). Null while it stands.
   */
  withdrawn: { at: string; by: string | null; reason: string | null } | null;
};

/** The reporter's answer about the help they got, as staff see it on the report's page. */
export type SupportFeedbackView = {
  askedAt: string;
  answeredAt: string | null;
  rating: SupportRating | null;
  /** Their words; null when they wrote none, or once erased. */
  words: string | null;
};

/** The report page's support panel. The safety plan only for the roles that write it. */
export type ReportSupport = {
  needs: SupportNeed[];
  services: SupportServiceView[];
  /** Absent for a role that may not read it; null when none was written. */
  safetyPlan?: string | null;
  revision: number;
  feedback: SupportFeedbackView | null;
  /** Who can be named as having given a service: enabled members, enabled partners. */
  members: { id: string; name: string }[];
  partners: { id: string; name: string }[];
};

/** The reporter's side of the question, on the follow-up page. */
export type SupportQuestionView = { askedAt: string; answeredAt: string | null; rating: SupportRating | null };

type Count = { key: string; count: number };

/**
 * The staff statistics of support within the period (no report, no person): needs raised and
 * services given by need, and the reporters' answers, protected by the small-cell rule.
 */
export type SupportStats = {
  needs: Count[];
  services: Count[];
  servicesByProvider: Count[];
  answers: {
    /** How many answered within the period, or "fewer than k". */
    total: Protected;
    /** The answers 1 to 5, in order. */
    distribution: { rating: SupportRating; count: Protected }[];
    threshold: number;
  };
};

/**
 * The answers 1 to 5 as staff may see them (decision 0022's rule, decision 0053): a total under the
 * threshold hides everything; a rating given by 1 to k−1 reporters is "fewer than k", and when only
 * one rating is hidden so, the smallest other one given is withheld too, so the total does not
 * give it away.
 */
export function protectDistribution(counts: readonly number[], threshold: number): SupportStats['answers'] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const cells: Protected[] = counts.map((count) =>
    count > 0 && count < threshold ? { kind: 'fewer' } : { kind: 'value', value: count },
  );
  if (total > 0 && total < threshold) {
    return {
      total: { kind: 'fewer' },
      distribution: SUPPORT_RATINGS.map((rating) => ({ rating, count: { kind: 'withheld' } })),
      threshold,
    };
  }
  if (cells.filter((cell) => cell.kind === 'fewer').length === 1) {
    let smallest = -1;
    counts.forEach((count, index) => {
      if (cells[index]?.kind !== 'value' || count === 0) return;
      if (smallest === -1 || count < (counts[smallest] ?? 0)) smallest = index;
    });
    if (smallest !== -1) cells[smallest] = { kind: 'withheld' };
  }
  return {
    total: { kind: 'value', value: total },
    distribution: SUPPORT_RATINGS.map((rating, index) => ({ rating, count: cells[index] ?? { kind: 'withheld' } })),
    threshold,
  };
}
