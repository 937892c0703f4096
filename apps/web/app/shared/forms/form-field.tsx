import { useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';

export type FieldProps = {
  label: string;
  hint?: string;
  error?: FieldError;
  isRequired?: boolean;
  /** Values for the error message: the field's limit as the `count` of tooLong's plural forms. */
  errorValues?: Record<string, string | number>;
};

/** The translated text of a field error code. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | undefined, values: Record<string, string | number> = {}) =>
    error ? t(`validation.${error.type}`, values) : undefined;
}

/**
 * Label, hint and error around an input, wired for screen readers: the hint and the error are
 * named by aria-describedby, the input is aria-invalid when wrong. `children` receives the ids.
 */
export function FormField({
  label,
  hint,
  error,
  isRequired,
  errorValues,
  children,
}: FieldProps & {
  children: (ids: { inputId: string; describedBy: string | undefined; isInvalid: boolean }) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText()(error, errorValues);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', errorText ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${errorText ? ' form-field--invalid' : ''}`}>
      <label htmlFor={inputId} className="form-field__label">
        {label}
        {!isRequired && <span className="form-field__optional"> ({t('forms.optional')})</span>}
      </label>
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {errorText && (
        <p id={errorId} className="form-field__error">
          {errorText}
        </p>
      )}
      {children({ inputId, describedBy, isInvalid: Boolean(errorText) })}
    </div>
  );
}
