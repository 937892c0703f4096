/** The sections of the error catalogue (error-codes.ts) for the staff area's own pages: sign-in, members, content, tags, passkeys. */

import type { Codes } from './public-sections.ts';

/** The sign-in steps (their results carry cookies to set, so they answer with a result, not a throw). */
export const SIGN_IN = {
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
export const STAFF = {
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

/** The content editor. */
export const CONTENT = {
  tooLong: 400,
  placeholderMissing: 400,
  invalidNumber: 400,
} as const satisfies Codes;

/** The list of tags admins keep for the classification (decision 0044). */
export const TAGS = {
  nameRequired: 400,
  nameTooLong: 400,
  /** No tag has that id. */
  notFound: 404,
  /** Someone else renamed, disabled or enabled it first. */
  conflict: 409,
} as const satisfies Codes;

/** The member's own passkeys on the account page (decision 0032). */
export const PASSKEYS = {
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
