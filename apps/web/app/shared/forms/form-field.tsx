import { createContext, useContext, useId } from 'react';
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

/**
 * A form whose fields have ids made of a prefix and their name (`report-firstName`), so that its
 * error summary can link to them with a plain `#id`, which works without JavaScript too. Other forms
 * keep React's generated ids.
 */
export const FieldIdPrefix = createContext<string | undefined>(undefined);

/** The id of a named field in a form with a prefix, else a generated one. */
export function useFieldId(name: string | undefined): string {
  const generated = useId();
  const prefix = useContext(FieldIdPrefix);
  return prefix !== undefined && name ? `${prefix}${name}` : generated;
}

/**
 * What a form sent without JavaScript came back with: the server's HTML must show each value in its
 * field (react-hook-form only fills them in the browser). Undefined for a fresh form.
 */
export const InitialValues = createContext<Readonly<Record<string, unknown>> | undefined>(undefined);

export function useInitialValue(name: string | undefined): unknown {
  const values = useContext(InitialValues);
  return name === undefined ? undefined : values?.[name];
}

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
  name,
  children,
}: FieldProps & {
  /** The input's name, for its id in a form with a `FieldIdPrefix`. */
  name?: string;
  children: (ids: { inputId: string; describedBy: string | undefined; isInvalid: boolean }) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText()(error, errorValues);
  const inputId = useFieldId(name);
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
