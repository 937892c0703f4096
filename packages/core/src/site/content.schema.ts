import { z } from '../forms/zod.ts';
import { CONTENT_MAX_LENGTH, type ContentKey, EMERGENCY_PLACEHOLDERS, PHONE_NUMBER_PATTERN } from './content.ts';

/**
 * The body of a staff edit of a public text, for the text `key` (the page's address, which the
 * operation checks before: another key or language is NOT_FOUND). Messages are `content.<code>`.
 */
export function contentBodySchema(key: ContentKey) {
  return (
    z
      .string()
      .transform((body) => body.replace(/\r\n/g, '\n').trim())
      .pipe(z.string().max(CONTENT_MAX_LENGTH, 'tooLong'))
      // The emergency notice must keep both numbers: a visitor in danger always sees them.
      .refine(
        (body) => key !== 'emergencyNotice' || EMERGENCY_PLACEHOLDERS.every((part) => body.includes(part)),
        'placeholderMissing',
      )
  );
}

const phoneNumber = z.string().trim().regex(PHONE_NUMBER_PATTERN, 'invalidNumber');

/** The emergency and police numbers the notice shows. */
export const emergencyNumbersSchema = z.object({ emergencyNumber: phoneNumber, policeNumber: phoneNumber });
