/**
 * The one catalogue of error codes (docs/decisions/0034-one-error-model.md). Errors travel as codes,
 * never as sentences. Each section says where its sentences are (`<prefix>.<code>` in a message file
 * of @app/locales, in every language) and gives each code the HTTP status it is answered with.
 *
 * A failure's code names its section: the API's codes as they are (`NOT_FOUND`: they are what
 * `{ error: { code } }` bodies carry), every other one qualified (`casework.noteRequired`).
 * `errors/error-codes.test.ts` checks the catalogue against the message files both ways.
 *
 * The sections are separate constants so that a public form page, which needs the API's codes
 * only, does not carry the staff area's.
 */

/** The message files of @app/locales a section's sentences live in. */
export type MessageNamespace = 'common' | 'forms' | 'internal' | 'emails';

/** A code and its status; `null` for a code the browser gives itself (the server never sends it). */
type Codes = Readonly<Record<string, number | null>>;

const API = {
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
const FIELD = {
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
const FOLLOW_UP = {
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

/** The sign-in steps (their results carry cookies to set, so they answer with a result, not a throw). */
const SIGN_IN = {
  invalidCredentials: 400,
  accountLocked: 429,
  tooManyAttempts: 429,
  accountDisabled: 400,
  invalidCode: 400,
  codeAlreadyUsed: 400,
  invalidRecoveryCode: 400,
  challengeExpired: 400,
  invalidLink: 400,
  passwordTooShort: 400,
  passwordTooLong: 400,
  passwordsDiffer: 400,
  wrongCurrentPassword: 400,
  missingFields: 400,
  unavailable: 400,
  /** A passkey sign-in that did not verify (unknown passkey, wrong site, no PIN or fingerprint asked). */
  passkeyFailed: 400,
} as const satisfies Codes;

/** Staff management. */
const STAFF = {
  invalidEmail: 400,
  nameRequired: 400,
  nameTooLong: 400,
  invalidRole: 400,
  emailTaken: 400,
  lastAdmin: 400,
  notFound: 400,
  /** Someone else changed this member first. */
  conflict: 409,
} as const satisfies Codes;

/** Casework on a report. */
const CASEWORK = {
  invalidTransition: 400,
  reasonRequired: 400,
  noteRequired: 400,
  noteTooLong: 400,
  /** Only a verified report can be published. */
  notVerified: 400,
  municipalityRequired: 400,
  /** Decision 0047: the arrondissement chosen is not in the province chosen. */
  arrondissementNotInProvince: 400,
  /** Decision 0047: a place shown by municipality or arrondissement needs the arrondissement. */
  arrondissementRequired: 400,
  summaryRequired: 400,
  summaryTooLong: 400,
  publishedFirstUnpublish: 400,
  /** The chosen assignee is not an enabled member who may read reports. */
  staffNotFound: 400,
  invalidChoice: 400,
  replyRequired: 400,
  replyTooLong: 400,
  noReceipt: 400,
  /** Link (decision 0037): no report has the number given for the other report. */
  linkReportNotFound: 400,
  /** Link: the other report is in this report's incident already. */
  linkSameIncident: 400,
  /** Split: the report is the only report of its incident. */
  alreadyAlone: 400,
  /**
   * Link or split: the incident the report leaves is published and would be left empty or with no
   * verified report; it must be unpublished first.
   */
  incidentPublished: 400,
  /** A legal hold (decision 0040): its reason, none to lift or review, already erased. */
  holdReasonRequired: 400,
  holdReasonTooLong: 400,
  holdAlreadySet: 409,
  noHold: 409,
  alreadyErased: 400,
  /** Classification (decision 0044): a category, at least one manifestation, tags from the admins' list. */
  categoryRequired: 400,
  manifestationRequired: 400,
  /** A tag that is not on the admins' list, or disabled and not already on the incident. */
  unknownTag: 400,
  /** Verifying a report whose incident has no category: classify the incident first. */
  classifyFirst: 400,
  /** A reporter's request for erasure (decision 0046): none waits for an answer, or a legal hold stands. */
  noErasureRequest: 409,
  erasureHeld: 409,
  erasureReasonRequired: 400,
  /** Someone else changed the report first: the page shows the current state. */
  conflict: 409,
} as const satisfies Codes;

/** The content editor. */
const CONTENT = {
  tooLong: 400,
  placeholderMissing: 400,
  invalidNumber: 400,
} as const satisfies Codes;

/** An evidence pack's form (decision 0026); the route sends the page back with the code. */
const EVIDENCE_PACK = {
  invalidChoice: 400,
  /** "Picked messages" with none picked. */
  noMessagesPicked: 400,
  /** A message or file id that is not this report's (a page older than the thread, or a forged form). */
  unknownItem: 400,
  /** The retention job erased the report's texts and files: there is nothing left to hand over. */
  erased: 400,
  /** More than a zip without ZIP64 can hold: pick fewer files. */
  tooLarge: 400,
  /** The reporter withdrew their consent to pass the report on (decision 0046): nothing more leaves. */
  consentWithdrawn: 400,
  /** The reporter answered "no" (decision 0048): the report does not leave, not even without their name. */
  consentRefused: 400,
  /** "Ask me first", or no answer: the coordinator has not recorded that they asked and were told yes. */
  askFirst: 400,
} as const satisfies Codes;

/** Reminders on a report (decision 0028). */
const REMINDERS = {
  dateRequired: 400,
  dateInvalid: 400,
  dateInPast: 400,
  noteRequired: 400,
  noteTooLong: 400,
  /** The reminder is gone (removed by someone else) or belongs to another report. */
  notFound: 404,
  /** Someone else marked it done or removed it first. */
  conflict: 409,
} as const satisfies Codes;

/** The list of tags admins keep for the classification (decision 0044). */
const TAGS = {
  nameRequired: 400,
  nameTooLong: 400,
  /** No tag has that id. */
  notFound: 404,
  /** Someone else renamed, disabled or enabled it first. */
  conflict: 409,
} as const satisfies Codes;

/** Search across sealed text and saved views of the report list (decision 0055). */
const SEARCH = {
  /** No word of two letters or more to look for. */
  noWords: 400,
  tooLong: 400,
  tooManyWords: 400,
  viewNameRequired: 400,
  viewNameTooLong: 400,
  /** The member has as many saved views as allowed: delete one first. */
  tooManyViews: 400,
  /** The member has a view of that name already. */
  viewNameTaken: 409,
  /** None of this member's views has that id (another member's, or deleted meanwhile). */
  viewNotFound: 404,
  /** A search to page through that is not this member's, or older than `SEARCH_HANDLE_MINUTES`. */
  searchExpired: 404,
} as const satisfies Codes;

/** Early warnings (decision 0052). */
const WARNINGS = {
  /** No early warning has that id. */
  notFound: 404,
  /** The warning grew since the page showed it: the page shows the new count. */
  conflict: 409,
} as const satisfies Codes;

/** The partner directory and referrals (decision 0050); consent refusals stay `evidencePack` codes (decision 0048). */
const REFERRALS = {
  nameRequired: 400,
  nameTooLong: 400,
  contactTooLong: 400,
  acceptsTooLong: 400,
  /** A kind, status, outcome or way of agreeing that is not one of the list. */
  invalidChoice: 400,
  /** No partner has that id. */
  partnerNotFound: 404,
  /** The partner was disabled: a new referral cannot name it. */
  partnerDisabled: 400,
  /** A referral names the evidence pack that went with it: make one first. */
  packRequired: 400,
  /** The pack named is not one of this report's. */
  unknownPack: 400,
  /** The reporter's agreement needs both its day and how it was given. */
  agreementIncomplete: 400,
  /** The day of the agreement is not a date, or lies in the future. */
  agreementDateInvalid: 400,
  referenceTooLong: 400,
  /** Once the partner answered, the referral cannot go back to "sent". */
  backToSent: 400,
  /** An outcome is recorded once the partner answered. */
  outcomeTooEarly: 400,
  /** The retention job erased the report's texts and files: nothing is left to refer. */
  erased: 400,
  /** No referral of this report has that id. */
  notFound: 404,
  /** Someone else changed the partner or the referral first. */
  conflict: 409,
  /** The partner's first answer: not a date, or a day in the future. */
  answerDateInvalid: 400,
  /** The partner's first answer cannot come before the day the referral was sent. */
  answerBeforeSent: 400,
} as const satisfies Codes;

/** Support given on a report (decision 0053). */
const SUPPORT = {
  /** A need or a provider kind that is not one of the list. */
  invalidChoice: 400,
  descriptionRequired: 400,
  descriptionTooLong: 400,
  /** A service needs the member or the partner who gave it. */
  providerRequired: 400,
  /** The member named is not an enabled member of staff. */
  memberNotFound: 400,
  /** No partner has that id, or it was disabled. */
  partnerNotFound: 400,
  /** The day is not a date, or lies in the future. */
  dateInvalid: 400,
  /** A service answers a need the report has: record the need first. */
  needNotRaised: 400,
  /** A need with services given cannot be taken off. */
  needInUse: 400,
  planTooLong: 400,
  /** The report's personal data was erased: nothing more is written about the person. */
  erased: 400,
  /** Someone else changed the needs or the safety plan first. */
  conflict: 409,
  /** Withdrawing a service needs the reason it was a mistake. */
  withdrawalReasonRequired: 400,
  withdrawalReasonTooLong: 400,
  /** The report has no such service. */
  serviceNotFound: 404,
  /** The service was withdrawn already (by someone else, meanwhile). */
  alreadyWithdrawn: 409,
} as const satisfies Codes;

/** The member's own passkeys on the account page (decision 0032). */
const PASSKEYS = {
  nameRequired: 400,
  nameTooLong: 400,
  /** No passkey of this member has that id (another member's, or removed meanwhile). */
  notFound: 404,
  /** The device's answer did not verify: wrong site, no PIN or fingerprint asked, or a stale challenge. */
  notVerified: 400,
  /** The member closed the device's dialog, or it timed out (the browser's own code). */
  cancelled: null,
  /** This browser or device cannot make passkeys (the browser's own code). */
  unsupported: null,
} as const satisfies Codes;

/** Where each section's sentences are: `<prefix>.<code>` in the namespace's file. */
const SECTION_MESSAGES = {
  api: { namespace: 'forms', prefix: 'forms.errors' },
  field: { namespace: 'forms', prefix: 'validation' },
  followUp: { namespace: 'forms', prefix: 'followUp.errors' },
  signIn: { namespace: 'internal', prefix: 'signIn.errors' },
  staff: { namespace: 'internal', prefix: 'staff.errors' },
  casework: { namespace: 'internal', prefix: 'casework.errors' },
  content: { namespace: 'internal', prefix: 'content' },
  evidencePack: { namespace: 'internal', prefix: 'casework.evidencePack.errors' },
  reminders: { namespace: 'internal', prefix: 'reminders.errors' },
  passkeys: { namespace: 'internal', prefix: 'passkeys.errors' },
  tags: { namespace: 'internal', prefix: 'tags.errors' },
  referrals: { namespace: 'internal', prefix: 'referrals.errors' },
  warnings: { namespace: 'internal', prefix: 'earlyWarnings.errors' },
  support: { namespace: 'internal', prefix: 'support.errors' },
  search: { namespace: 'internal', prefix: 'search.errors' },
} as const satisfies Record<string, { namespace: MessageNamespace; prefix: string }>;

/** Every section: its codes with their statuses, and where their sentences are. */
export const ERROR_CATALOGUE = {
  api: { ...SECTION_MESSAGES.api, codes: API },
  field: { ...SECTION_MESSAGES.field, codes: FIELD },
  followUp: { ...SECTION_MESSAGES.followUp, codes: FOLLOW_UP },
  signIn: { ...SECTION_MESSAGES.signIn, codes: SIGN_IN },
  staff: { ...SECTION_MESSAGES.staff, codes: STAFF },
  casework: { ...SECTION_MESSAGES.casework, codes: CASEWORK },
  content: { ...SECTION_MESSAGES.content, codes: CONTENT },
  evidencePack: { ...SECTION_MESSAGES.evidencePack, codes: EVIDENCE_PACK },
  reminders: { ...SECTION_MESSAGES.reminders, codes: REMINDERS },
  passkeys: { ...SECTION_MESSAGES.passkeys, codes: PASSKEYS },
  tags: { ...SECTION_MESSAGES.tags, codes: TAGS },
  referrals: { ...SECTION_MESSAGES.referrals, codes: REFERRALS },
  warnings: { ...SECTION_MESSAGES.warnings, codes: WARNINGS },
  support: { ...SECTION_MESSAGES.support, codes: SUPPORT },
  search: { ...SECTION_MESSAGES.search, codes: SEARCH },
} as const;

type Catalogue = typeof ERROR_CATALOGUE;
export type ErrorSection = keyof Catalogue;
/** A section's codes as its section writes them (`noteRequired`). */
export type CodeOf<S extends ErrorSection> = keyof Catalogue[S]['codes'] & string;
/** A section's codes as failures carry them: the API's as they are, the others qualified. */
export type SectionCode<S extends ErrorSection> = S extends 'api' ? CodeOf<'api'> : `${S}.${CodeOf<S>}`;
/** Any code of the catalogue. */
export type AppErrorCode = { [S in ErrorSection]: SectionCode<S> }[ErrorSection];

/** The codes the API answers with, and the browser's NETWORK. */
export type ApiErrorCode = CodeOf<'api'>;
/** The codes the server answers with: every API code but the browser's NETWORK. */
export type ServerErrorCode = Exclude<ApiErrorCode, 'NETWORK'>;
export type FieldErrorCode = CodeOf<'field'>;
export type SignInErrorCode = CodeOf<'signIn'>;
/** The codes the browser gives itself; every other code has a status. */
export type BrowserOnlyCode = 'NETWORK' | 'passkeys.cancelled' | 'passkeys.unsupported';
/** The codes the server can fail with. */
export type ServerFailureCode = Exclude<AppErrorCode, BrowserOnlyCode>;

export const API_ERROR_CODES = Object.keys(API) as ApiErrorCode[];

export type ErrorBody = { error: { code: ServerErrorCode } };

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API, value);
}

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return typeof value === 'string' && Object.hasOwn(FIELD, value);
}

/** The section of a code and its name in the section (`casework.noteRequired` → casework, noteRequired). */
function split(code: string): { section: ErrorSection; name: string } | undefined {
  const dot = code.indexOf('.');
  if (dot === -1) return { section: 'api', name: code };
  const section = code.slice(0, dot);
  if (section === 'api' || !Object.hasOwn(SECTION_MESSAGES, section)) return undefined;
  return { section: section as ErrorSection, name: code.slice(dot + 1) };
}

function codesOf(section: ErrorSection): Codes {
  return ERROR_CATALOGUE[section].codes;
}

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  if (typeof value !== 'string') return false;
  const parts = split(value);
  return parts !== undefined && Object.hasOwn(codesOf(parts.section), parts.name);
}

/** A code the server may fail with: one of the catalogue's, with a status. */
export function isServerFailureCode(value: unknown): value is ServerFailureCode {
  return isAppErrorCode(value) && statusOf(value) !== undefined;
}

function statusOf(code: AppErrorCode): number | undefined {
  const parts = split(code);
  const status = parts ? codesOf(parts.section)[parts.name] : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The code of `section` that `value` names (bare or qualified), or undefined: for codes read from a request. */
export function codeIn<S extends ErrorSection>(section: S, value: unknown): SectionCode<S> | undefined {
  if (typeof value !== 'string') return undefined;
  const code = section === 'api' || value.startsWith(`${section}.`) ? value : `${section}.${value}`;
  return isAppErrorCode(code) && split(code)?.section === section ? (code as SectionCode<S>) : undefined;
}

/** The section a code belongs to. */
export function sectionOf(code: AppErrorCode): ErrorSection {
  return split(code)?.section ?? 'api';
}

/**
 * A code as `section` writes it (`casework.noteRequired` → `noteRequired`; an API code as it is),
 * or undefined when it is a code of another section.
 */
export function nameIn<S extends ErrorSection>(section: S, code: string): CodeOf<S> | undefined {
  const parts = isAppErrorCode(code) ? split(code) : undefined;
  return parts?.section === section ? (parts.name as CodeOf<S>) : undefined;
}

/** The HTTP status a code is answered with. */
export function errorStatus(code: ServerFailureCode): number {
  // Only a code the browser gives itself has no status, and the type keeps those out.
  return statusOf(code) ?? 500;
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

/**
 * The code a failure is answered with outside its page's forms (an API body, an error page): its
 * own when it is one of the API's, else the general code of its status. A section's code (a rule
 * of a staff form) never goes out as it is where no form shows its sentence.
 */
export function publicCode(failure: { code: string; status: number }): ServerErrorCode {
  return isApiErrorCode(failure.code) && failure.code !== 'NETWORK' ? failure.code : errorCodeForStatus(failure.status);
}

/** Where a code's sentence is: its namespace and its key. */
export function errorMessage(code: AppErrorCode): { namespace: MessageNamespace; key: string } {
  const parts = split(code) ?? { section: 'api', name: code };
  const { namespace, prefix } = SECTION_MESSAGES[parts.section];
  return { namespace, key: `${prefix}.${parts.name}` };
}

/** The translation key of a code's sentence, for the browser's `t()`: the one way from a code to its text. */
export function errorMessageKey(code: AppErrorCode): string {
  return errorMessage(code).key;
}
