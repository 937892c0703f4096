import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import type { FieldErrors } from '../errors/field-errors.ts';
import { toFieldErrors } from '../errors/schema-failure.ts';
import { isCalendarDate, todayInBelgium } from '../site/dates.ts';
import { INCIDENT_TYPES } from './incident-types.ts';
import {
  ADDRESS_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PERSONAL_FIELDS,
  PHONE_MAX_LENGTH,
  POLICE_REPORT_NUMBER_MAX_LENGTH,
} from './limits.ts';
import { isValidPhone } from './phone.ts';
import {
  MAX_ONLINE_URLS,
  ONLINE_INCIDENT_TYPE,
  ONLINE_PLATFORMS,
  ONLINE_URL_MAX_LENGTH,
  onlineUrlField,
  SHARING_CONSENTS,
  THREAT_ANSWERS,
} from './report-questions.ts';
import { z } from './zod.ts';

const optionalText = (max: number) =>
  z
    .string({ error: 'invalidChoice' })
    .trim()
    .max(max, 'tooLong')
    .optional()
    .transform((value) => value ?? '');
const requiredText = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');
const yesNo = z.enum(['yes', 'no'], { error: 'required' });
const emailFormat = z.email();

export const phoneField = optionalText(PHONE_MAX_LENGTH).refine(
  (value) => !value || isValidPhone(value),
  'invalidPhone',
);
export const emailField = optionalText(EMAIL_MAX_LENGTH).refine(
  (value) => !value || emailFormat.safeParse(value).success,
  'invalidEmail',
);

export { PERSONAL_FIELDS };

/** Step 1, Personal Information. Anonymous: no personal field at all; else a name and a way to reach them. */
export const personalStepSchema = z
  .object({
    anonymous: z.boolean({ error: 'required' }),
    firstName: optionalText(NAME_MAX_LENGTH),
    lastName: optionalText(NAME_MAX_LENGTH),
    phone: phoneField,
    email: emailField,
    address: optionalText(ADDRESS_MAX_LENGTH),
  })
  .superRefine((step, context) => {
    if (step.anonymous) {
      for (const field of PERSONAL_FIELDS) {
        if (step[field]) context.addIssue({ code: 'custom', path: [field], message: 'notAllowedWhenAnonymous' });
      }
      return;
    }
    if (!step.firstName) context.addIssue({ code: 'custom', path: ['firstName'], message: 'required' });
    if (!step.lastName) context.addIssue({ code: 'custom', path: ['lastName'], message: 'required' });
    if (!step.phone && !step.email) {
      context.addIssue({ code: 'custom', path: ['phone'], message: 'contactMethodRequired' });
      context.addIssue({ code: 'custom', path: ['email'], message: 'contactMethodRequired' });
    }
  });

/**
 * An address of online content: an absolute http or https URL with a host, written out whole
 * (the server never opens it; staff read it as text).
 */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
}

/**
 * Up to five addresses, in the places the reporter typed them: a blank place is skipped, and a
 * problem is reported on the field of its place (`onlineUrl1` … `onlineUrl5`, see `ITEM_FIELDS`).
 */
const onlineUrlsField = z
  .array(
    z
      .string({ error: 'invalidUrl' })
      .trim()
      .max(ONLINE_URL_MAX_LENGTH, 'tooLong')
      .refine((url) => !url || isHttpUrl(url), 'invalidUrl'),
    { error: 'invalidChoice' },
  )
  .max(MAX_ONLINE_URLS, 'tooManyUrls')
  .optional()
  .transform((urls) => urls ?? []);

/** The form field of each item of a list field, for the messages by each field. */
const ITEM_FIELDS = { onlineUrls: onlineUrlField };

/** Step 2, Incident Details. The date may not lie in the future (Belgian calendar). */
export const incidentStepSchema = z.object({
  date: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .refine(isCalendarDate, 'invalidDate')
    .refine((date) => date <= todayInBelgium(), 'futureDate'),
  time: optionalText(5).refine((value) => !value || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), 'invalidTime'),
  location: requiredText(LOCATION_MAX_LENGTH),
  type: z.enum(INCIDENT_TYPES, { error: 'required' }),
  description: requiredText(DESCRIPTION_MAX_LENGTH),
  /** Online incidents only, optional: where the content is, and on which platform. */
  onlineUrls: onlineUrlsField,
  onlinePlatform: z
    .enum([...ONLINE_PLATFORMS, ''], { error: 'invalidChoice' })
    .optional()
    .transform((value) => value ?? ''),
});

/** Step 3, Additional Information, and the terms. */
export const additionalStepSchema = z.object({
  /** Optional: a shaken reporter is never stopped by it; "I don't know" is an answer too. */
  threatOngoing: z
    .enum([...THREAT_ANSWERS, ''], { error: 'invalidChoice' })
    .optional()
    .transform((value) => value ?? ''),
  calledPolice: yesNo,
  policeReportNumber: optionalText(POLICE_REPORT_NUMBER_MAX_LENGTH),
  calledOrganisation: yesNo,
  medicalTreatment: yesNo,
  /** May the organisation pass the report to the police or to Unia? Asked once, required. */
  sharingConsent: z.enum(SHARING_CONSENTS, { error: 'required' }),
  termsAccepted: z.literal(true, { error: 'termsRequired' }),
});

export const REPORT_STEPS = [
  { name: 'personal', schema: personalStepSchema },
  { name: 'incident', schema: incidentStepSchema },
  { name: 'additional', schema: additionalStepSchema },
] as const;

const languageSchema = z.enum(LANGUAGE_CODES as [Language, ...Language[]], { error: 'invalidChoice' });
const REPORT_FIELDS = new Set<string>(['language', ...REPORT_STEPS.flatMap(({ schema }) => Object.keys(schema.shape))]);

export type ReportInput = z.output<typeof personalStepSchema> &
  z.output<typeof incidentStepSchema> &
  z.output<typeof additionalStepSchema> & { language: Language };

export type ValidationResult<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

/**
 * Validates a whole report, every step at once, so that all problems come back together, one code per
 * field. Fields the form does not have are refused (`unknownField`), never silently dropped.
 */
export function validateReport(input: unknown): ValidationResult<ReportInput> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { success: false, errors: { form: 'invalidChoice' } };
  }
  const errors: FieldErrors = {};
  for (const key of Object.keys(input)) if (!REPORT_FIELDS.has(key)) errors[key] = 'unknownField';
  const record = input as Record<string, unknown>;
  const language = languageSchema.safeParse(record.language);
  if (!language.success) errors.language = 'invalidChoice';
  let data: Record<string, unknown> = { language: language.data };
  for (const { schema } of REPORT_STEPS) {
    const result = schema.safeParse(input);
    if (result.success) data = { ...data, ...result.data };
    else Object.assign(errors, toFieldErrors(result.error, ITEM_FIELDS), errors);
  }
  if (Object.keys(errors).length > 0) return { success: false, errors };
  const report = data as ReportInput;
  // A police report number only means something when the police were called.
  if (report.calledPolice === 'no') report.policeReportNumber = '';
  // The addresses and the platform belong to online incidents only; blank places are dropped.
  if (report.type === ONLINE_INCIDENT_TYPE) report.onlineUrls = report.onlineUrls.filter(Boolean);
  else {
    report.onlineUrls = [];
    report.onlinePlatform = '';
  }
  return { success: true, data: report };
}
