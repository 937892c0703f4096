/**
 * The one catalogue of error codes (docs/decisions/0034-one-error-model.md). Errors travel as codes,
 * never as sentences. Each section says where its sentences are (`<prefix>.<code>` in a message file
 * of @app/locales, in every language) and gives each code the HTTP status it is answered with.
 *
 * A failure's code names its section: the API's codes as they are (`NOT_FOUND`: they are what
 * `{ error: { code } }` bodies carry), every other one qualified (`casework.noteRequired`).
 * `errors/error-codes.test.ts` checks the catalogue against the message files both ways.
 *
 * The sections are separate constants, in separate modules by area (sections/: the public pages',
 * the staff area's, casework's), so that a public form page, which needs the API's codes only, does
 * not carry the staff area's.
 */

import {
  CASEWORK,
  EVIDENCE_PACK,
  REFERRALS,
  REMINDERS,
  SEARCH,
  SUPPORT,
  WARNINGS,
} from './sections/casework-sections.ts';
import { API, type Codes, FIELD, FOLLOW_UP } from './sections/public-sections.ts';
import { CONTENT, PASSKEYS, SIGN_IN, STAFF, TAGS } from './sections/staff-sections.ts';

/** The message files of @app/locales a section's sentences live in. */
export type MessageNamespace = 'common' | 'forms' | 'internal' | 'emails';

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
