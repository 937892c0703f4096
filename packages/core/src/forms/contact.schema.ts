import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import type { FieldErrors } from '../errors/field-errors.ts';
import { toFieldErrors } from '../errors/schema-failure.ts';
import { CONTACT_MESSAGE_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './limits.ts';
import type { ValidationResult } from './report.schema.ts';
import { phoneField } from './report.schema.ts';
import { z } from './zod.ts';

/** The contact form: a first name, a valid email and the message are required; the phone is optional but checked. */
export const contactMessageSchema = z.strictObject({
  language: z.enum(LANGUAGE_CODES as [Language, ...Language[]], { error: 'invalidChoice' }),
  firstName: z.string({ error: 'required' }).trim().min(1, 'required').max(NAME_MAX_LENGTH, 'tooLong'),
  lastName: z
    .string({ error: 'invalidChoice' })
    .trim()
    .max(NAME_MAX_LENGTH, 'tooLong')
    .optional()
    .transform((value) => value ?? ''),
  email: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(EMAIL_MAX_LENGTH, 'tooLong')
    .pipe(z.email('invalidEmail')),
  phone: phoneField,
  message: z.string({ error: 'required' }).trim().min(1, 'required').max(CONTACT_MESSAGE_MAX_LENGTH, 'tooLong'),
});

export type ContactMessageInput = z.output<typeof contactMessageSchema>;

export function validateContactMessage(input: unknown): ValidationResult<ContactMessageInput> {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = toFieldErrors(result.error);
  return { success: false, errors };
}
