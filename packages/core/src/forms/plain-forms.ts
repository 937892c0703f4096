import type { ApiErrorCode } from '../errors/error-codes.ts';
import type { FieldErrors } from '../errors/field-errors.ts';
import { PERSONAL_FIELDS } from './limits.ts';
import { ONLINE_INCIDENT_TYPE } from './report-questions.ts';

/**
 * The forms without JavaScript (docs/decisions/0021-forms-without-javascript.md): the browser posts
 * the page's own form to the page's own address, the server checks it with the same schemas as the
 * API, and the page is rendered again with the answer below. Nothing here imports zod, so the
 * browser can use these types and lists without loading the validation.
 */

/** How a submission proved it was not a bot: ALTCHA's proof of work, or (without JavaScript) a form token. */
export const SPAM_CHECKS = ['proof-of-work', 'form-token'] as const;
export type SpamCheck = (typeof SPAM_CHECKS)[number];

/**
 * How a report was checked: as a submission, or not at all because a signed-in member recorded it
 * from another channel (`staff-recorded`, decisions 0051 and 0057). Contact messages have no such
 * value: only the public form makes them.
 */
export const REPORT_SPAM_CHECKS = [...SPAM_CHECKS, 'staff-recorded'] as const;
export type ReportSpamCheck = (typeof REPORT_SPAM_CHECKS)[number];

/** The report form's fields, step by step, as the browser names them. */
export const REPORT_FORM_STEPS = [
  { name: 'personal', fields: ['anonymous', 'firstName', 'lastName', 'phone', 'email', 'address'] },
  {
    name: 'incident',
    fields: [
      'date',
      'time',
      'location',
      'type',
      'onlineUrl1',
      'onlineUrl2',
      'onlineUrl3',
      'onlineUrl4',
      'onlineUrl5',
      'onlinePlatform',
      'description',
    ],
  },
  {
    name: 'additional',
    fields: [
      'threatOngoing',
      'calledPolice',
      'policeReportNumber',
      'calledOrganisation',
      'medicalTreatment',
      'sharingConsent',
      'termsAccepted',
    ],
  },
] as const;

/** The form's address fields, in order; they travel to the API as one list, `onlineUrls`. */
export const ONLINE_URL_FORM_FIELDS = ['onlineUrl1', 'onlineUrl2', 'onlineUrl3', 'onlineUrl4', 'onlineUrl5'] as const;

export type ReportFormField = (typeof REPORT_FORM_STEPS)[number]['fields'][number];
export const REPORT_FORM_FIELDS = REPORT_FORM_STEPS.flatMap((step) => step.fields) as ReportFormField[];
const REPORT_CHECKBOXES = new Set<string>(['anonymous', 'termsAccepted']);

/** What the report form holds: strings for the text fields and the yes/no questions, as the inputs give them. */
export type ReportFormValues = { anonymous: boolean; termsAccepted: boolean } & Record<
  Exclude<ReportFormField, 'anonymous' | 'termsAccepted'>,
  string
>;

/** The values of a plain form post: a ticked box sends its value, an unticked one sends nothing. */
export function reportValuesFromForm(fields: Record<string, string>): ReportFormValues {
  const values: Record<string, string | boolean> = {};
  for (const field of REPORT_FORM_FIELDS) {
    values[field] = REPORT_CHECKBOXES.has(field) ? field in fields && fields[field] !== '' : (fields[field] ?? '');
  }
  return values as ReportFormValues;
}

/**
 * The report as sent: the page's language added and, for an anonymous report, the personal fields
 * left out entirely (what was typed before ticking "anonymous" stays in the browser only).
 */
export function reportInputFromValues(values: ReportFormValues, language: string): Record<string, unknown> {
  const input: Record<string, unknown> = { language, ...values };
  if (values.anonymous) for (const field of PERSONAL_FIELDS) delete input[field];
  if (values.calledPolice !== 'yes') input.policeReportNumber = '';
  // The addresses go as one list, each in its place (so that a problem names the right field), up
  // to the last one filled; for another type than "online" they and the platform stay behind.
  for (const field of ONLINE_URL_FORM_FIELDS) delete input[field];
  if (values.type === ONLINE_INCIDENT_TYPE) {
    const urls = ONLINE_URL_FORM_FIELDS.map((field) => values[field]);
    while (urls.length > 0 && !urls.at(-1)?.trim()) urls.pop();
    input.onlineUrls = urls;
  } else {
    input.onlineUrls = [];
    input.onlinePlatform = '';
  }
  return input;
}

/** The first step holding one of these fields. */
export function reportStepOf(fields: string[]): number {
  const index = REPORT_FORM_STEPS.findIndex((step) => step.fields.some((field) => fields.includes(field)));
  return index === -1 ? 0 : index;
}

/** A failure that is not about one field: its sentence is `forms.errors.<code>`. */
export type PlainFormFailure = { code: ApiErrorCode; file?: number };

/** The server's answer to a report form posted without JavaScript. */
export type ReportFormAnswer =
  | {
      form: 'report';
      state: 'editing';
      /** The step to show (0, 1 or 2). */
      step: number;
      values: ReportFormValues;
      errors?: FieldErrors;
      failure?: PlainFormFailure;
      /** The names of the files sent with a last step that came back, so that the message can name one. */
      fileNames?: string[];
      /**
       * The report's submission key (decision 0025), given by the server with the second step and
       * carried as a hidden field: the same report sent twice is kept once.
       */
      submissionKey?: string;
    }
  /** Sent. No receipt for a report sent before whose receipt the reporter has used since. */
  | { form: 'report'; state: 'sent'; receipt?: string };

export const CONTACT_FORM_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'message'] as const;
export type ContactFormValues = Record<(typeof CONTACT_FORM_FIELDS)[number], string>;

export function contactValuesFromForm(fields: Record<string, string>): ContactFormValues {
  return Object.fromEntries(CONTACT_FORM_FIELDS.map((field) => [field, fields[field] ?? ''])) as ContactFormValues;
}

/** The server's answer to the contact form posted without JavaScript. */
export type ContactFormAnswer =
  | { form: 'contact'; state: 'editing'; values: ContactFormValues; errors?: FieldErrors; failure?: PlainFormFailure }
  | { form: 'contact'; state: 'sent' };

/**
 * The server's answer to a follow-up form posted without JavaScript that came back: the receipt form
 * (what was typed and why it opened nothing) or the reply form (the message kept, the problem).
 * A receipt that opens the report and a reply that was sent are answered with a redirect instead.
 */
export type FollowUpFormAnswer =
  | { form: 'followUp'; state: 'receipt'; receipt: string; errors?: FieldErrors; failure?: PlainFormFailure }
  | {
      form: 'followUp';
      state: 'reply';
      message: string;
      errors?: FieldErrors;
      failure?: PlainFormFailure;
      fileNames?: string[];
    };

export type PlainFormAnswer = ReportFormAnswer | ContactFormAnswer | FollowUpFormAnswer;

/** The form's own words for the hidden field that says which button was pressed. */
export const INTENT_FIELD = 'intent';
export const STEP_FIELD = 'step';
