import { useRef } from 'react';

/** The header the API reads a submission key from (decision 0025). */
export const SUBMISSION_KEY_HEADER = 'Idempotency-Key';

/** 18 random bytes as base64url: what the server accepts as a submission key. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}

/**
 * One submission key per thing sent (decision 0025): every try of the same report or message
 * carries the same key, so that one whose answer was lost (a dropped connection, a timeout) is
 * kept once when sent again, and the answer is the first one. A new key once it is accepted.
 */
export function useSubmissionKey() {
  const key = useRef<string>(undefined);
  return {
    headers(): Record<string, string> {
      key.current ??= newKey();
      return { [SUBMISSION_KEY_HEADER]: key.current };
    },
    /** The thing was accepted: the next one is another. */
    renew() {
      key.current = undefined;
    },
  };
}
