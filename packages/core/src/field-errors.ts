import type { z } from 'zod';
import { type FieldErrorCode, isFieldErrorCode } from './error-codes.ts';

/**
 * What can be wrong with a field: codes of the catalogue's `field` section, not sentences; the
 * browser shows the translated text of `validation.<code>`.
 */
export type FieldErrors = Record<string, FieldErrorCode>;

/**
 * One code per field (the first problem found), from a zod error whose messages are codes. A problem
 * with one item of a list field goes to that item's own form field when `itemFields` names it
 * (`onlineUrls[2]` → `onlineUrl3`).
 */
export function toFieldErrors(
  error: z.ZodError,
  itemFields: Readonly<Record<string, (index: number) => string>> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[key] ??= 'unknownField';
      continue;
    }
    const [name, index] = issue.path;
    const itemField = typeof index === 'number' ? itemFields[String(name)] : undefined;
    const field = itemField && typeof index === 'number' ? itemField(index) : String(name ?? '');
    errors[field] ??= isFieldErrorCode(issue.message) ? issue.message : 'invalidChoice';
  }
  return errors;
}
