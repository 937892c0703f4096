import { errorStatus, type ServerFailureCode } from './error-codes.ts';
import type { FieldErrors } from './field-errors.ts';

/** What a failure may say beside its code. */
export type FailureDetails = {
  /** VALIDATION_FAILED: each field's problem, as a field code (`validation.<code>`). */
  fields?: FieldErrors;
  /** The index of the file a file's failure is about. */
  file?: number;
  /** When to try again: the Retry-After header of a 429 or a 503. */
  retryAfterSeconds?: number;
};

/** Marks an AppError whichever copy of this module made it (the server's, or the web build's bundle). */
const APP_ERROR = Symbol.for('community-safety.AppError');

/**
 * The one way the server's code fails on purpose (docs/decisions/0034-one-error-model.md): thrown,
 * with a code of the catalogue (`errors/error-codes.ts`) and the status that code goes with. An operation
 * that refuses (`FORBIDDEN`), finds nothing (`NOT_FOUND`) or breaks a rule
 * (`casework.noteRequired`) throws one; the HTTP layer answers it with `{ error: { code } }`
 * (http/api-error.ts), a page with its error page or its form's sentence
 * (apps/web/app/shared/failures.server.ts). Anything else thrown is a fault of ours: a 500.
 */
export class AppError extends Error {
  readonly code: ServerFailureCode;
  readonly status: number;
  readonly details: FailureDetails;
  readonly [APP_ERROR] = true;

  constructor(code: ServerFailureCode, details: FailureDetails = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus(code);
    this.details = details;
  }
}

/** Whether a thrown value is an AppError (by its mark, not `instanceof`: the web build has its own copy). */
export function isAppError(value: unknown): value is AppError {
  return value instanceof Error && (value as { [APP_ERROR]?: unknown })[APP_ERROR] === true;
}
