import type { FieldErrorCode } from './error-codes.ts';

/**
 * What can be wrong with a field: codes of the catalogue's `field` section, not sentences; the
 * browser shows the translated text of `validation.<code>`. A zod error becomes these through
 * `toFieldErrors` (errors/schema-failure.ts), which never lets a message that is no code through.
 */
export type FieldErrors = Record<string, FieldErrorCode>;
