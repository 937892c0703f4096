import type { PasskeyCeremonyOptions, PasskeyErrorCode } from '@app/core/staff/passkeys';

/*
 * The browser's side of a passkey (decision 0032), through SimpleWebAuthn's browser helper. It is
 * loaded only when a member presses a passkey button on a staff page: no public page carries it.
 */

/** Whether this browser can use passkeys at all (WebAuthn). */
export function canUsePasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the device to create a passkey; the answer, as JSON text for the server. */
export async function createPasskey(options: PasskeyCeremonyOptions): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return JSON.stringify(response);
}

/** Asks the device to sign the server's challenge with one of this site's passkeys. */
export async function signWithPasskey(options: PasskeyCeremonyOptions): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return JSON.stringify(response);
}

/** What went wrong in the browser, as a catalogue code. */
export function ceremonyProblem(error: unknown): PasskeyErrorCode {
  const name = (error as { name?: string; cause?: { name?: string } })?.cause?.name ?? (error as Error)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'unsupported';
  return 'notVerified';
}
