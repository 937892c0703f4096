import { CONTENT_ERROR_CODES } from './content.ts';
import { EVIDENCE_PACK_ERROR_CODES } from './evidence-pack.ts';
import { FIELD_ERROR_CODES } from './field-errors.ts';
import { FOLLOW_UP_ERROR_CODES } from './follow-up.ts';
import { PASSKEY_ERROR_CODES } from './passkeys.ts';
import { REMINDER_ERROR_CODES } from './reminders.ts';
import { CASEWORK_ERROR_CODES } from './report-workflow.ts';
import { SIGN_IN_ERROR_CODES, STAFF_ERROR_CODES } from './staff.ts';

/**
 * The one catalogue of error codes. Errors travel as codes, never as sentences: the server answers
 * `{ error: { code } }` with the status the code goes with, and the browser shows the translated
 * sentence of the code (`forms.errors.<code>`). Every code has that sentence in every language
 * (`error-codes.test.ts`). See docs/decisions/0015-origins-and-error-codes.md.
 */
export const API_ERRORS = {
  /** A request the server could not read at all: a path that is not valid percent-encoding, a broken body. */
  BAD_REQUEST: { status: 400 },
  /** Fields are wrong; `fields` names each with a field code (`validation.<code>`). */
  VALIDATION_FAILED: { status: 400 },
  /** The form's data is not what the form sends (not JSON, not an object, an unexpected part). */
  INVALID_PAYLOAD: { status: 400 },
  ALTCHA_FAILED: { status: 400 },
  /** A form sent without JavaScript whose form token is missing, expired, used or too fresh (decision 0021). */
  FORM_EXPIRED: { status: 400 },
  RECEIPT_NOT_RECOGNISED: { status: 400 },
  UNAUTHORIZED: { status: 401 },
  /** The follow-up session ended (idle, too old, or closed). */
  SESSION_ENDED: { status: 401 },
  /** Not allowed: a role without the permission, or a state-changing request from another site. */
  FORBIDDEN: { status: 403 },
  NOT_FOUND: { status: 404 },
  /** A lost race: someone else changed the same thing first. */
  CONFLICT: { status: 409 },
  BODY_TOO_LARGE: { status: 413 },
  FILE_TOO_LARGE: { status: 413 },
  TOO_MANY_FILES: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  UNSUPPORTED_FILE_TYPE: { status: 415 },
  FILE_TYPE_MISMATCH: { status: 415 },
  UNREADABLE_FILE: { status: 415 },
  /** A PDF that is encrypted (even with an empty password): it cannot be cleaned of what could name its sender. */
  ENCRYPTED_PDF: { status: 415 },
  RATE_LIMITED: { status: 429 },
  INTERNAL: { status: 500 },
  SERVICE_UNAVAILABLE: { status: 503 },
  /** The browser's own code: no answer came at all (offline, connection cut). The server never sends it. */
  NETWORK: { status: null },
} as const satisfies Record<string, { status: number | null }>;

export type ErrorCode = keyof typeof API_ERRORS;
/** The codes the server answers with: every code but the browser's NETWORK. */
export type ServerErrorCode = Exclude<ErrorCode, 'NETWORK'>;

export const ERROR_CODES = Object.keys(API_ERRORS) as ErrorCode[];

export type ErrorBody = { error: { code: ServerErrorCode } };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

/** The HTTP status a code is answered with. */
export function errorStatus(code: ServerErrorCode): number {
  return API_ERRORS[code].status;
}

/** The body of an error answer. */
export function errorBody(code: ServerErrorCode): ErrorBody {
  return { error: { code } };
}

/** The general code of an answer that brought no code of its own (a 4xx from a parser, a proxy's 502). */
const GENERAL_CODE_BY_STATUS: Readonly<Record<number, ServerErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  502: 'SERVICE_UNAVAILABLE',
  503: 'SERVICE_UNAVAILABLE',
  504: 'SERVICE_UNAVAILABLE',
};

export function errorCodeForStatus(status: number): ServerErrorCode {
  return GENERAL_CODE_BY_STATUS[status] ?? (status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
}

/** Where the sentence of an API code is, in the `forms` messages. */
const API_ERROR_MESSAGES = 'forms.errors';

/** The translation key of a code's sentence, for the browser's `t()`. */
export function errorMessageKey(code: ErrorCode): `${typeof API_ERROR_MESSAGES}.${ErrorCode}` {
  return `${API_ERROR_MESSAGES}.${code}`;
}

/** The message files of @app/locales a code's sentence lives in. */
export type MessageNamespace = 'common' | 'forms' | 'internal' | 'emails';

/** A list of codes and where their sentences are: `<prefix>.<code>` in the namespace, in every language. */
export type ErrorCodeList = {
  name: string;
  codes: readonly string[];
  prefix: string;
  namespace: MessageNamespace;
};

/**
 * Every code the site translates: the API's, and the domain lists that live beside their rules
 * (field problems, sign-in, staff management, casework, the content editor). The lists stay where
 * they are defined; this table says where the sentence of each code is.
 */
export const ERROR_CODE_LISTS = [
  { name: 'api', codes: ERROR_CODES, prefix: API_ERROR_MESSAGES, namespace: 'forms' },
  { name: 'field', codes: FIELD_ERROR_CODES, prefix: 'validation', namespace: 'forms' },
  { name: 'followUp', codes: FOLLOW_UP_ERROR_CODES, prefix: 'followUp.errors', namespace: 'forms' },
  { name: 'signIn', codes: SIGN_IN_ERROR_CODES, prefix: 'signIn.errors', namespace: 'internal' },
  { name: 'staff', codes: STAFF_ERROR_CODES, prefix: 'staff.errors', namespace: 'internal' },
  { name: 'casework', codes: CASEWORK_ERROR_CODES, prefix: 'casework.errors', namespace: 'internal' },
  { name: 'content', codes: CONTENT_ERROR_CODES, prefix: 'content', namespace: 'internal' },
  {
    name: 'evidencePack',
    codes: EVIDENCE_PACK_ERROR_CODES,
    prefix: 'casework.evidencePack.errors',
    namespace: 'internal',
  },
  { name: 'reminders', codes: REMINDER_ERROR_CODES, prefix: 'reminders.errors', namespace: 'internal' },
  { name: 'passkeys', codes: PASSKEY_ERROR_CODES, prefix: 'passkeys.errors', namespace: 'internal' },
] as const satisfies readonly ErrorCodeList[];
