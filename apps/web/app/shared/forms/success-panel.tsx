import { useEffect, useRef } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** Shown in place of a form once it was accepted; takes the focus so that it is read out at once. */
export function SuccessPanel({
  title,
  text,
  againLabel,
  onAgain,
  againHref,
  id,
  children,
}: {
  /** The form's id: the panel stands in the form's place. */
  id?: string;
  title: string;
  text: string;
  againLabel: string;
  onAgain(): void;
  /** Without JavaScript "again" is a link to the empty form. */
  againHref?: string;
  children?: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const isEnhanced = useHydrated();
  useEffect(() => box.current?.focus(), []);
  return (
    // Without JavaScript the panel arrives in the server's page: `autofocus` gives it the focus there.
    // biome-ignore lint/a11y/noAutofocus: the focus goes to the answer to the person's own submission
    <div ref={box} id={id} className="form-success" role="status" tabIndex={-1} autoFocus={!isEnhanced}>
      <h2>{title}</h2>
      <p>{text}</p>
      {children}
      {!isEnhanced && againHref ? (
        <a href={againHref} className="button button--secondary">
          {againLabel}
        </a>
      ) : (
        <button type="button" className="button button--secondary" onClick={onAgain}>
          {againLabel}
        </button>
      )}
    </div>
  );
}
