import { type AppErrorCode, errorMessageKey } from '@app/core/errors/error-codes';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

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

/**
 * A form's refusal by its error code: the code's sentence under `title`, or nothing without a code.
 * `at` is what changes with each answer (its time, or the code), so that each is announced anew.
 */
export function ErrorCodeAlert({
  code,
  title,
  at,
}: {
  code: AppErrorCode | undefined;
  title: string;
  at?: number | string;
}) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <FormAlert key={at} title={title}>
      <p>{t(errorMessageKey(code))}</p>
    </FormAlert>
  );
}
