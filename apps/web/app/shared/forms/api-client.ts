import type { FieldErrors } from '@app/core/field-errors';

export type SubmitFailure = {
  /** An API error code (RATE_LIMITED…), or NETWORK when no answer came at all. */
  code: string;
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
  const body = (await response.json().catch(() => undefined)) as { error?: SubmitFailure } | undefined;
  return {
    ok: false,
    failure: body?.error?.code ? body.error : { code: response.status >= 500 ? 'INTERNAL' : 'NETWORK' },
  };
}
