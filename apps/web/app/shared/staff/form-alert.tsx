import { useEffect, useRef } from 'react';

/**
 * The outcome of a form, announced and focused so that a screen reader user hears it and a
 * sighted user sees it without scrolling. `tone` picks the colours of an error or a success.
 */
export function FormAlert({
  title,
  children,
  tone = 'error',
}: {
  title?: string;
  children: React.ReactNode;
  tone?: 'error' | 'success';
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      className={`staff-alert staff-alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
    >
      {title && <p className="staff-alert__title">{title}</p>}
      <div>{children}</div>
    </div>
  );
}
