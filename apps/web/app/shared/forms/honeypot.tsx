import { HONEYPOT_FIELD } from '@app/core/forms/form-rules';
import type { RefObject } from 'react';

/**
 * A field that people never see or reach (off-screen, hidden from assistive technology, out of the
 * tab order) and that form-filling bots fill in. A submission with it filled is kept apart, quietly.
 */
export function Honeypot({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <input ref={inputRef} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function readHoneypot(inputRef: RefObject<HTMLInputElement | null>): string {
  return inputRef.current?.value ?? '';
}
