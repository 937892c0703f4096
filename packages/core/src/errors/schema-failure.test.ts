import { describe, expect, it } from 'vitest';
import { noteSchema, placeSchema, reportStatusChangeSchema } from '../casework/casework.schema.ts';
import { evidencePackSchema } from '../casework/evidence-pack.ts';
import { reminderSchema } from '../casework/reminders.ts';
import { contactMessageSchema } from '../forms/contact.schema.ts';
import { REPORT_STEPS } from '../forms/report.schema.ts';
import { z } from '../forms/zod.ts';
import { contentBodySchema, emergencyNumbersSchema } from '../site/content.schema.ts';
import { passkeyNameSchema } from '../staff/passkeys.ts';
import { newStaffSchema } from '../staff/staff.ts';
import { isAppError } from './app-error.ts';
import {
  firstIssueCode,
  parsedOrThrow,
  SchemaMessageError,
  type SchemaProblem,
  schemaFailure,
  toFieldErrors,
} from './schema-failure.ts';

/** A zod failure with these messages, as zod writes its issues. */
const failed = (...messages: string[]): SchemaProblem => ({
  issues: messages.map((message) => ({ code: 'custom', message, path: ['body'] })),
});

describe('a staff form: the first issue names a code of its section', () => {
  it('becomes an AppError with that code and its status', () => {
    const error = schemaFailure('casework', failed('noteRequired', 'noteTooLong'));
    expect(isAppError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'casework.noteRequired', status: 400 });
    expect(schemaFailure('reminders', failed('reminders.dateInPast'))).toMatchObject({ code: 'reminders.dateInPast' });
    expect(schemaFailure('casework', failed('conflict'))).toMatchObject({ code: 'casework.conflict', status: 409 });
  });

  it('is a fault, never a code, when the message is no code of the section', () => {
    // zod's own words, a typing mistake in a schema, another section's code, a code the browser
    // gives itself, an API code: none of them may leave as a code.
    for (const message of ['Invalid input: expected string', 'noteRequierd', 'dateInPast', 'cancelled', 'NOT_FOUND']) {
      expect(() => schemaFailure('casework', failed(message)), message).toThrow(SchemaMessageError);
    }
    expect(() => schemaFailure('passkeys', failed('cancelled'))).toThrow(SchemaMessageError);
    expect(() => schemaFailure('staff', { issues: [] })).toThrow(SchemaMessageError);
  });

  it('says what kind of issue it was, never what the client sent', () => {
    const secret = 'Unrecognized key: "rivka.cohen@example.org"';
    const fault = (() => {
      try {
        schemaFailure('staff', { issues: [{ code: 'unrecognized_keys', message: secret, path: ['x@y'] }] });
      } catch (error) {
        return error as Error;
      }
    })();
    expect(fault).toBeInstanceOf(SchemaMessageError);
    expect(fault?.message).toBe("a schema's message is no code of the staff section (zod issue: unrecognized_keys)");
    expect(fault?.message).not.toContain('example.org');
    expect(isAppError(fault)).toBe(false);
  });

  it('hands the browser the code as its section writes it', () => {
    const parsed = passkeyNameSchema.safeParse(' ');
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(firstIssueCode('passkeys', parsed.error)).toBe('nameRequired');
    expect(() => firstIssueCode('passkeys', failed('Too big'))).toThrow(SchemaMessageError);
  });

  it('gives the data of a parse that passed, and throws the failure of one that did not', () => {
    expect(parsedOrThrow('casework', noteSchema.safeParse({ body: ' Gebeld. ' }))).toEqual({ body: 'Gebeld.' });
    expect(() => parsedOrThrow('casework', noteSchema.safeParse({ body: ' ' }))).toThrow(
      expect.objectContaining({ code: 'casework.noteRequired' }),
    );
  });
});

describe('a form of many fields', () => {
  it('becomes VALIDATION_FAILED with one field code per field', () => {
    const error = schemaFailure('field', {
      issues: [
        { code: 'too_small', message: 'required', path: ['firstName'] },
        { code: 'too_big', message: 'tooLong', path: ['firstName'] },
        { code: 'unrecognized_keys', message: 'Unrecognized key: "x"', keys: ['x'] },
        { code: 'invalid_type', message: 'Invalid input: expected object, received number', path: [] },
      ],
    });
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      details: { fields: { firstName: 'required', x: 'unknownField', '': 'invalidChoice' } },
    });
  });

  it('is a fault when a check of a schema carries no field code', () => {
    expect(() =>
      toFieldErrors({ issues: [{ code: 'too_big', message: 'Too big: expected <=5', path: ['x'] }] }),
    ).toThrow(SchemaMessageError);
    expect(() => toFieldErrors(failed('noteRequired'))).toThrow(SchemaMessageError);
  });
});

/** Values of every kind a JSON body or a form can carry. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  0,
  1.5,
  Number.NaN,
  true,
  false,
  '',
  ' ',
  'x',
  'x'.repeat(40_000),
  '2026-13-45',
  '9999-01-01',
  '99:99',
  'not an address',
  'https://example.org/p',
  {},
  { nested: 'x' },
  [],
  ['x'],
  [1],
  [null],
  [{}],
  Array(9).fill('https://example.org'),
  ['x'.repeat(5_000)],
];

type AnySchema = { safeParse(value: unknown): { success: boolean; error?: SchemaProblem } };

/** Every value in every field of a valid input, and as the whole input: each failure must map. */
function everyFailure(schema: AnySchema, valid: Record<string, unknown>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const keep = (value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success && result.error) problems.push(result.error);
  };
  for (const value of ODD_VALUES) {
    keep(value);
    for (const field of Object.keys(valid)) {
      keep({ ...valid, [field]: value });
      keep({ [field]: value });
    }
  }
  return problems;
}

describe('every schema answers with codes only, whatever it is sent', () => {
  const personal = {
    anonymous: false,
    firstName: 'Rivka',
    lastName: 'Cohen',
    phone: '',
    email: 'r@example.org',
    address: '',
  };
  const incident = {
    date: '2026-01-05',
    time: '10:30',
    location: 'Antwerpen',
    type: 'online',
    description: 'Een beschrijving.',
    onlineUrls: ['https://example.org/p'],
    onlinePlatform: '',
  };
  const additional = {
    threatOngoing: '',
    calledPolice: 'no',
    policeReportNumber: '',
    calledOrganisation: 'no',
    medicalTreatment: 'no',
    sharingConsent: 'yes',
    termsAccepted: true,
  };
  const contact = {
    language: 'nl',
    firstName: 'Rivka',
    lastName: '',
    email: 'r@example.org',
    phone: '',
    message: 'Hallo',
  };
  const forms: [string, AnySchema, Record<string, unknown>][] = [
    ['personal step', REPORT_STEPS[0].schema, personal],
    ['personal step (anonymous)', REPORT_STEPS[0].schema, { ...personal, anonymous: true, firstName: '' }],
    ['incident step', REPORT_STEPS[1].schema, incident],
    ['additional step', REPORT_STEPS[2].schema, additional],
    ['contact form', contactMessageSchema, contact],
  ];

  it.each(forms)('the %s: field codes', (_name, schema, valid) => {
    for (const problem of everyFailure(schema, valid)) expect(() => toFieldErrors(problem)).not.toThrow();
  });

  const staffForms: [string, Parameters<typeof schemaFailure>[0], AnySchema, Record<string, unknown>][] = [
    ['note', 'casework', noteSchema, { body: 'x' }],
    ['place', 'casework', placeSchema, { municipality: 'Gent', province: 'east_flanders' }],
    ['status change', 'casework', reportStatusChangeSchema, { from: 'new', to: 'rejected', reason: 'duplicate' }],
    ['reminder', 'reminders', reminderSchema(new Date('2026-03-01T12:00:00Z')), { dueOn: '2026-03-02', note: 'x' }],
    ['new member', 'staff', newStaffSchema, { email: 'a@example.org', name: 'Ada', role: 'viewer' }],
    ['emergency numbers', 'content', emergencyNumbersSchema, { emergencyNumber: '112', policeNumber: '101' }],
    [
      'evidence pack',
      'evidencePack',
      evidencePackSchema,
      { recipient: 'police', language: 'nl', format: 'page', messages: 'picked', messageIds: [], fileIds: [] },
    ],
  ];

  // What the staff pages and the evidence pack's form send: strings, and lists of strings.
  it.each(staffForms)('the %s form: a code of its section for any text it is sent', (_name, section, schema, valid) => {
    const texts: unknown[] = ['', ' ', 'x', 'x'.repeat(40_000), 'not-a-uuid', ['x'], []];
    for (const field of Object.keys(valid)) {
      for (const value of texts) {
        const result = schema.safeParse({ ...valid, [field]: value });
        if (!result.success && result.error) {
          const { error } = result;
          // A value of a kind the page never sends (a list where text goes) may be a fault; a text never.
          if (typeof value === 'string') expect(() => schemaFailure(section, error), `${field}`).not.toThrow();
        }
      }
    }
  });

  it('the content editor: a code for any text', () => {
    for (const key of ['emergencyNotice', 'aboutUs'] as const) {
      for (const value of ['', ' ', 'x', 'x'.repeat(40_000)]) {
        const result = contentBodySchema(key).safeParse(value);
        if (!result.success) expect(() => schemaFailure('content', result.error), `${key}`).not.toThrow();
      }
    }
  });

  it('the passkey name: a code for any text', () => {
    for (const value of ['', ' ', 'x'.repeat(61), '😀'.repeat(61)]) {
      const result = passkeyNameSchema.safeParse(value);
      expect(result.success).toBe(false);
      if (!result.success) expect(() => schemaFailure('passkeys', result.error)).not.toThrow();
    }
  });

  it('a schema made with zod but without codes is caught', () => {
    const careless = z.object({ body: z.string().max(3) });
    const result = careless.safeParse({ body: 'too long' });
    if (result.success) throw new Error('expected a failure');
    expect(() => schemaFailure('casework', result.error)).toThrow(SchemaMessageError);
  });
});
