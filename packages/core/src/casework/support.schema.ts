import { z } from '../forms/zod.ts';
import { isCalendarDate, todayInBelgium } from '../site/dates.ts';
import { isUuid } from '../site/ids.ts';
import {
  SAFETY_PLAN_MAX_LENGTH,
  SUPPORT_NEEDS,
  SUPPORT_PROVIDERS,
  SUPPORT_SERVICE_MAX_LENGTH,
  SUPPORT_WITHDRAWAL_MAX_LENGTH,
  type SupportNeed,
} from './support.ts';

/** A change names the revision the page showed: if someone changed it since, `conflict`. */
const revision = z.coerce.number('conflict').int('conflict').min(1, 'conflict');

/** The needs raised: any of the closed set (none clears them), each once. */
export const supportNeedsSchema = z.object({
  revision,
  needs: z
    .array(z.enum(SUPPORT_NEEDS, 'invalidChoice'))
    .max(SUPPORT_NEEDS.length, 'invalidChoice')
    .transform((needs) => SUPPORT_NEEDS.filter((need) => needs.includes(need)) as SupportNeed[]),
});
export type SupportNeedsInput = { revision: string; needs: string[] };

/** A service given: for which need, what was done, by a member or a partner, on a day not after today. */
export function supportServiceSchema(now: Date = new Date()) {
  const today = todayInBelgium(now);
  return z
    .object({
      need: z.enum(SUPPORT_NEEDS, 'invalidChoice'),
      description: z
        .string('descriptionRequired')
        .transform((value) => value.trim().replace(/\s+/g, ' '))
        .pipe(z.string().min(1, 'descriptionRequired').max(SUPPORT_SERVICE_MAX_LENGTH, 'descriptionTooLong')),
      provider: z.enum(SUPPORT_PROVIDERS, 'invalidChoice'),
      member: z
        .string()
        .optional()
        .transform((value) => value?.trim() ?? ''),
      partner: z
        .string()
        .optional()
        .transform((value) => value?.trim().toLowerCase() ?? ''),
      givenOn: z
        .string('dateInvalid')
        .trim()
        .refine((value) => isCalendarDate(value) && value <= today, 'dateInvalid'),
    })
    .superRefine((value, context) => {
      if (value.provider === 'staff' && value.member === '') {
        context.addIssue({ code: 'custom', path: ['member'], message: 'providerRequired' });
      }
      if (value.provider === 'partner' && !isUuid(value.partner)) {
        context.addIssue({ code: 'custom', path: ['partner'], message: 'providerRequired' });
      }
    });
}
export type SupportServiceInput = {
  need: string;
  description: string;
  provider: string;
  member?: string;
  partner?: string;
  givenOn: string;
};

/** The safety plan: free text, empty clears it. */
export const safetyPlanSchema = z.object({
  revision,
  plan: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(SAFETY_PLAN_MAX_LENGTH, 'planTooLong')),
});
export type SafetyPlanInput = { revision: string; plan?: string };

/** Withdrawing a service recorded by mistake: why, in a few words (kept sealed). */
export const supportWithdrawalSchema = z.object({
  reason: z
    .string('withdrawalReasonRequired')
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, 'withdrawalReasonRequired').max(SUPPORT_WITHDRAWAL_MAX_LENGTH, 'withdrawalReasonTooLong')),
});
export type SupportWithdrawalInput = { reason: string };
