import { z } from 'zod';

/** A passkey's name as its owner gives it ("Work laptop"), in characters. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** Errors of the passkeys on the account page, as codes (`passkeys.errors.<code>`). */
export const PASSKEY_ERROR_CODES = [
  'nameRequired',
  'nameTooLong',
  /** No passkey of this member has that id (another member's, or removed meanwhile). */
  'notFound',
  /** The device's answer did not verify: wrong site, no PIN or fingerprint asked, or a stale challenge. */
  'notVerified',
  /** The member closed the device's dialog, or it timed out (the browser's own code). */
  'cancelled',
  /** This browser or device cannot make passkeys (the browser's own code). */
  'unsupported',
] as const;
export type PasskeyErrorCode = (typeof PASSKEY_ERROR_CODES)[number];

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'nameRequired')
  .max(PASSKEY_NAME_MAX_LENGTH, 'nameTooLong')
  .refine((name) => [...name].length <= PASSKEY_NAME_MAX_LENGTH, 'nameTooLong');

/** One passkey of the signed-in member, as the account page lists it. */
export type PasskeySummary = {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced by the provider (a phone's or a password manager's passkey), rather than bound to one device. */
  backedUp: boolean;
};

export type PasskeyResult<T = object> = ({ ok: true } & T) | { ok: false; code: PasskeyErrorCode };

/** The WebAuthn options the browser hands to `navigator.credentials` (JSON, as SimpleWebAuthn sends them). */
export type PasskeyCeremonyOptions = Record<string, unknown>;
