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

/**
 * The fields of one form: their ids' prefix (FieldIdPrefix) and the values the form came back with
 * (InitialValues); either undefined for a form without.
 */
export function FieldScope({
  idPrefix,
  initialValues,
  children,
}: {
  idPrefix?: string;
  initialValues?: Readonly<Record<string, unknown>>;
  children: React.ReactNode;
}) {
  return (
    <FieldIdPrefix.Provider value={idPrefix}>
      <InitialValues.Provider value={initialValues}>{children}</InitialValues.Provider>
    </FieldIdPrefix.Provider>
  );
}

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

/** The ids an input names in aria-describedby: its hint's and its error's, when shown. */
export function describedByOf(inputId: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/**
 * What every field of the site shows around its input, in this order: the label (with "optional"
 * when asked), the hint, the error. The input (`children`) names the hint and the error with
 * `describedByOf(id, hint, error)` and is aria-invalid when there is an error.
 */
export function FieldFrame({
  id,
  label,
  optional,
  hint,
  error,
  children,
}: {
  id: string;
  label: React.ReactNode;
  /** The word for "optional", shown after the label. */
  optional?: string;
  hint?: React.ReactNode;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {optional && <span className="form-field__optional"> ({optional})</span>}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
      {children}
    </div>
  );
}

/** A field's hint and error, under its label or legend, with the ids `describedByOf` names. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: React.ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * A field of a form run by react-hook-form: its error is a code, translated here, and a field not
 * marked required says it is optional. `children` receives the ids.
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
  return (
    <FieldFrame
      id={inputId}
      label={label}
      optional={isRequired ? undefined : t('forms.optional')}
      hint={hint}
      error={errorText}
    >
      {children({ inputId, describedBy: describedByOf(inputId, hint, errorText), isInvalid: Boolean(errorText) })}
    </FieldFrame>
  );
}
