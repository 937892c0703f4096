import { useEffect, useRef } from 'react';

/** Shown in place of a form once it was accepted; takes the focus so that it is read out at once. */
export function SuccessPanel({
  title,
  text,
  againLabel,
  onAgain,
  children,
}: {
  title: string;
  text: string;
  againLabel: string;
  onAgain(): void;
  children?: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} className="form-success" role="status" tabIndex={-1}>
      <h2>{title}</h2>
      <p>{text}</p>
      {children}
      <button type="button" className="button button--secondary" onClick={onAgain}>
        {againLabel}
      </button>
    </div>
  );
}
