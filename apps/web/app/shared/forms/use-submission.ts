import { useRef, useState } from 'react';
import { type SubmitFailure, type SubmitResult, submitToApi } from './api-client.ts';

/**
 * The life of one form's submission: sending (a second click while sending does nothing), then
 * sent, or a failure the form explains while keeping every input.
 */
export function useSubmission() {
  const [isSending, setIsSending] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure>();
  const inFlight = useRef(false);

  const submit = async (url: string, buildRequest: () => Promise<RequestInit>): Promise<SubmitResult | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setIsSending(true);
    setFailure(undefined);
    try {
      const result = await submitToApi(url, await buildRequest());
      if (result.ok) setIsSent(true);
      else setFailure(result.failure);
      return result;
    } finally {
      inFlight.current = false;
      setIsSending(false);
    }
  };

  return { isSending, isSent, failure, submit, startAgain: () => setIsSent(false) };
}
