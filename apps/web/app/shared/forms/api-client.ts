import { type ApiErrorCode, errorCodeForStatus, isApiErrorCode } from '@app/core/errors/error-codes';
import type { FieldErrors } from '@app/core/errors/field-errors';

export type SubmitFailure = {
  /** A code of the catalogue (`@app/core/error-codes`): the server's, or NETWORK when no answer came at all. */
  code: ApiErrorCode;
  fields?: FieldErrors;
  /** Index of the file an error is about. */
  file?: number;
};
export type SubmitResult = { ok: true; body: unknown } | { ok: false; failure: SubmitFailure };

/** Sends a form to the API. Never throws: every failure becomes a code the form can explain. */
export async function submitToApi(url: string, init: RequestInit): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, method: 'POST', credentials: 'same-origin' });
  } catch {
    return { ok: false, failure: { code: 'NETWORK' } };
  }
  if (response.ok) return { ok: true, body: await response.json().catch(() => undefined) };
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  // An answer without a code of ours (a proxy's error page) gets the general code of its status.
  const error = body?.error;
  const failure =
    error && isApiErrorCode(error.code) ? (error as SubmitFailure) : { code: errorCodeForStatus(response.status) };
  return { ok: false, failure };
}
