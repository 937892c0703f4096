import { PERSONAL_FIELDS } from '@app/core/limits';

/** What the form holds: strings for the text fields and the yes/no questions, as the inputs give them. */
export type ReportFormValues = {
  anonymous: boolean;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  date: string;
  time: string;
  location: string;
  type: string;
  description: string;
  calledPolice: string;
  policeReportNumber: string;
  calledOrganisation: string;
  medicalTreatment: string;
  termsAccepted: boolean;
};

export const EMPTY_REPORT: ReportFormValues = {
  anonymous: false,
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  address: '',
  date: '',
  time: '',
  location: '',
  type: '',
  description: '',
  calledPolice: '',
  policeReportNumber: '',
  calledOrganisation: '',
  medicalTreatment: '',
  termsAccepted: false,
};

export const STEPS = [
  { name: 'personal', fields: ['anonymous', 'firstName', 'lastName', 'phone', 'email', 'address'] },
  { name: 'incident', fields: ['date', 'time', 'location', 'type', 'description'] },
  {
    name: 'additional',
    fields: ['calledPolice', 'policeReportNumber', 'calledOrganisation', 'medicalTreatment', 'termsAccepted'],
  },
] as const satisfies readonly { name: string; fields: readonly (keyof ReportFormValues)[] }[];

export type StepField = (typeof STEPS)[number]['fields'][number];

/**
 * The report as sent: the page's language added and, for an anonymous report, the personal fields
 * left out entirely (what was typed before ticking "anonymous" stays in this browser only).
 */
export function toReportInput(values: ReportFormValues, language: string): Record<string, unknown> {
  const input: Record<string, unknown> = { language, ...values };
  if (values.anonymous) for (const field of PERSONAL_FIELDS) delete input[field];
  if (values.calledPolice !== 'yes') input.policeReportNumber = '';
  return input;
}

/** The first step holding one of these fields. */
export function stepOfFirstError(fields: string[]): number {
  const index = STEPS.findIndex((step) => step.fields.some((field) => fields.includes(field)));
  return index === -1 ? 0 : index;
}
