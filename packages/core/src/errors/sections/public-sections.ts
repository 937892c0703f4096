/**
 * The sections of the error catalogue (error-codes.ts) that the public pages answer with: the API's
 * codes, a field's, and the follow-up page's own words for some of them.
 */

/** A code and its status; `null` for a code the browser gives itself (the server never sends it). */
export type Codes = Readonly<Record<string, number | null>>;

export const API = {
  /** A request the server could not read at all: a path that is not valid percent-encoding, a broken body. */
  BAD_REQUEST: 400,
  /** Fields are wrong; `fields` names each with a field code (`validation.<code>`). */
  VALIDATION_FAILED: 400,
  /** The form's data is not what the form sends (not JSON, not an object, an unexpected part). */
  INVALID_PAYLOAD: 400,
  ALTCHA_FAILED: 400,
  /** A form sent without JavaScript whose form token is missing, expired, used or too fresh (decision 0021). */
  FORM_EXPIRED: 400,
  RECEIPT_NOT_RECOGNISED: 400,
  UNAUTHORIZED: 401,
  /** The follow-up session ended (idle, too old, or closed). */
  SESSION_ENDED: 401,
  /** Not allowed: a role without the permission, or a state-changing request from another site. */
  FORBIDDEN: 403,
  /** Nothing at this address: a report, a message, a member, a text or a language that does not exist. */
  NOT_FOUND: 404,
  /** A lost race: someone else changed the same thing first. */
  CONFLICT: 409,
  BODY_TOO_LARGE: 413,
  /** `file`: the index of the file. */
  FILE_TOO_LARGE: 413,
  TOO_MANY_FILES: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_FILE_TYPE: 415,
  FILE_TYPE_MISMATCH: 415,
  UNREADABLE_FILE: 415,
  /** A PDF that is encrypted (even with an empty password): it cannot be cleaned of what could name its sender. */
  ENCRYPTED_PDF: 415,
  /** `retryAfterSeconds` becomes the Retry-After header. */
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** `retryAfterSeconds` becomes the Retry-After header. */
  SERVICE_UNAVAILABLE: 503,
  /** The browser's own code: no answer came at all (offline, connection cut). */
  NETWORK: null,
} as const satisfies Codes;

/** What can be wrong with one field: the `fields` of VALIDATION_FAILED, and the fields of a form. */
export const FIELD = {
  required: 400,
  tooLong: 400,
  invalidPhone: 400,
  invalidEmail: 400,
  invalidDate: 400,
  futureDate: 400,
  invalidTime: 400,
  invalidChoice: 400,
  termsRequired: 400,
  contactMethodRequired: 400,
  notAllowedWhenAnonymous: 400,
  unknownField: 400,
  invalidReceipt: 400,
  invalidUrl: 400,
  tooManyUrls: 400,
} as const satisfies Codes;

/** The follow-up page's own words for an API code: its limit is on receipts tried, not on forms sent. */
export const FOLLOW_UP = {
  RECEIPT_NOT_RECOGNISED: 400,
  RATE_LIMITED: 429,
  SESSION_ENDED: 401,
  /** A reply notice (decision 0041): an address that is not one, a sender not offered. */
  NOTICE_ADDRESS_INVALID: 400,
  NOTICE_SENDER_INVALID: 400,
  /** Withdrawing consent or asking for erasure (decision 0046) without ticking that they understand. */
  CONFIRM_REQUIRED: 400,
  /** The support question (decision 0053): an answer needs one of 1 to 5; the words are limited. */
  SUPPORT_RATING_REQUIRED: 400,
  SUPPORT_WORDS_TOO_LONG: 400,
  /** The question was never asked of this report (its case has not closed), or it was answered already. */
  SUPPORT_NOT_OPEN: 409,
} as const satisfies Codes;
