/**
 * Errors travel as codes, never as sentences: the server answers `{ error: { code } }` and the
 * browser shows the translated text of that code.
 */
export const ERROR_CODES = ['NOT_FOUND', 'INTERNAL', 'SERVICE_UNAVAILABLE', 'UNAUTHORIZED', 'FORBIDDEN'] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorBody = { error: { code: ErrorCode } };

/** The body of an error answer. */
export function errorBody(code: ErrorCode): ErrorBody {
  return { error: { code } };
}
