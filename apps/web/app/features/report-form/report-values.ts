import {
  REPORT_FORM_FIELDS,
  REPORT_FORM_STEPS,
  type ReportFormField,
  type ReportFormValues,
  reportInputFromValues,
  reportStepOf,
} from '@app/core/forms/plain-forms';

/**
 * The form's values, steps and the report as sent are the ones the server reads from a form posted
 * without JavaScript (`packages/core/src/forms/plain-forms.ts`): one list of fields for both paths.
 */
export type { ReportFormValues };
export type StepField = ReportFormField;

export const EMPTY_REPORT = Object.fromEntries(
  REPORT_FORM_FIELDS.map((field) => [field, field === 'anonymous' || field === 'termsAccepted' ? false : '']),
) as ReportFormValues;

export const STEPS = REPORT_FORM_STEPS;

/**
 * The report as sent: the page's language added and, for an anonymous report, the personal fields
 * left out entirely (what was typed before ticking "anonymous" stays in this browser only).
 */
export const toReportInput = reportInputFromValues;

/** The first step holding one of these fields. */
export const stepOfFirstError = reportStepOf;
