import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import { CONTENT_KEYS, CONTENT_MAX_LENGTH, EMERGENCY_PLACEHOLDERS, PHONE_NUMBER_PATTERN } from './content.ts';
import { z } from './zod.ts';

/** A staff edit of a public text, as the content editor sends it; messages are `content.errors.<code>`. */
export const contentEditSchema = z
  .object({
    key: z.enum(CONTENT_KEYS, 'invalidChoice'),
    language: z.enum(LANGUAGE_CODES as [Language, ...Language[]], 'invalidChoice'),
    body: z
      .string()
      .transform((body) => body.replace(/\r\n/g, '\n').trim())
      .pipe(z.string().max(CONTENT_MAX_LENGTH, 'tooLong')),
  })
  .superRefine((value, context) => {
    // The emergency notice must keep both numbers: a visitor in danger always sees them.
    if (value.key === 'emergencyNotice' && !EMERGENCY_PLACEHOLDERS.every((part) => value.body.includes(part))) {
      context.addIssue({ code: 'custom', path: ['body'], message: 'placeholderMissing' });
    }
  });

const phoneNumber = z.string().trim().regex(PHONE_NUMBER_PATTERN, 'invalidNumber');

/** The emergency and police numbers the notice shows. */
export const emergencyNumbersSchema = z.object({ emergencyNumber: phoneNumber, policeNumber: phoneNumber });
