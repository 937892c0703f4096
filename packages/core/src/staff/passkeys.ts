import { z } from 'zod';
import type { CodeOf } from '../errors/error-codes.ts';

/** A passkey's name as its owner gives it ("Work laptop"), in characters. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** Errors of the passkeys on the account page, as codes (`passkeys.errors.<code>`). */
export type PasskeyErrorCode = CodeOf<'passkeys'>;

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

/** The WebAuthn options the browser hands to `navigator.credentials` (JSON, as SimpleWebAuthn sends them). */
export type PasskeyCeremonyOptions = Record<string, unknown>;
