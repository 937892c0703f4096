import type { PasskeyCeremonyOptions, PasskeyErrorCode } from '@app/core/staff/passkeys';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { canUsePasskeys, ceremonyProblem } from './passkey-ceremony.ts';

/** What the page's action answers to a passkey step: the server's challenge, stamped. */
type CeremonyAnswer = { passkeyOptions?: PasskeyCeremonyOptions; at: number };

/**
 * One passkey ceremony through a page's own action (decision 0032): the page answers with the
 * server's challenge, `ceremony` gets the device's answer, and `fields` says what to post with it.
 * Shared by signing in and adding a passkey. `supported` is false until the page runs and where
 * the browser cannot use passkeys.
 */
export function usePasskeyCeremony<Answer extends CeremonyAnswer>(
  ceremony: (options: PasskeyCeremonyOptions) => Promise<string>,
  fields: (response: string) => Record<string, string>,
  action?: string,
) {
  const fetcher = useFetcher<Answer>();
  const [supported, setSupported] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [problem, setProblem] = useState<PasskeyErrorCode>();
  const handled = useRef(0);
  // The latest callbacks, so that the ceremony runs once per challenge, not once per render.
  const latest = useRef({ ceremony, fields });
  latest.current = { ceremony, fields };
  useEffect(() => setSupported(canUsePasskeys()), []);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== 'idle' || !answer?.passkeyOptions || handled.current === answer.at) return;
    handled.current = answer.at;
    setWaiting(true);
    latest.current
      .ceremony(answer.passkeyOptions)
      .then((response) => fetcher.submit(latest.current.fields(response), { method: 'post', action }))
      .catch((error: unknown) => setProblem(ceremonyProblem(error)))
      .finally(() => setWaiting(false));
  }, [fetcher, action]);

  return { fetcher, supported, busy: waiting || fetcher.state !== 'idle', problem, setProblem };
}
