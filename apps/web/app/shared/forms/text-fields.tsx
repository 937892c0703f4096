import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH } from '@app/core/forms/limits';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { type FieldProps, FormField, useInitialValue } from './form-field.tsx';

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name'> &
  FieldProps & {
    registration: UseFormRegisterReturn;
  };

export function TextField({ label, hint, error, isRequired, errorValues, registration, ...input }: InputProps) {
  const initial = useInitialValue(registration.name);
  return (
    <FormField
      name={registration.name}
      label={label}
      hint={hint}
      error={error}
      isRequired={isRequired}
      errorValues={errorValues ?? (input.maxLength ? { count: input.maxLength } : undefined)}
    >
      {({ inputId, describedBy, isInvalid }) => (
        <input
          id={inputId}
          className="input"
          aria-describedby={describedBy}
          aria-invalid={isInvalid || undefined}
          aria-required={isRequired || undefined}
          {...input}
          {...(typeof initial === 'string' ? { defaultValue: initial } : {})}
          {...registration}
        />
      )}
    </FormField>
  );
}

type RegisteredFieldProps = FieldProps & { registration: UseFormRegisterReturn };

/**
 * A person's e-mail address, the same in every public form: its own keyboard and autofill, and
 * left to right on every page (an address reads so on a Hebrew page too).
 */
export function EmailField(field: RegisteredFieldProps) {
  return <TextField {...field} type="email" autoComplete="email" dir="ltr" maxLength={EMAIL_MAX_LENGTH} />;
}

/** A phone number, the same in every public form, left to right as the e-mail address. */
export function PhoneField({ inputMode, ...field }: RegisteredFieldProps & { inputMode?: 'tel' }) {
  return (
    <TextField {...field} type="tel" autoComplete="tel" inputMode={inputMode} dir="ltr" maxLength={PHONE_MAX_LENGTH} />
  );
}

type TextAreaProps = FieldProps & {
  registration: UseFormRegisterReturn;
  maxLength: number;
  length: number;
  rows?: number;
};

/** A text area with a live character count against its limit. */
export function TextAreaField({
  label,
  hint,
  error,
  isRequired,
  registration,
  maxLength,
  length,
  rows = 6,
}: TextAreaProps) {
  const { t } = useTranslation();
  const initial = useInitialValue(registration.name);
  return (
    <FormField
      name={registration.name}
      label={label}
      hint={hint}
      error={error}
      isRequired={isRequired}
      errorValues={{ count: maxLength }}
    >
      {({ inputId, describedBy, isInvalid }) => (
        <>
          <textarea
            id={inputId}
            className="input textarea"
            rows={rows}
            aria-describedby={[describedBy, `${inputId}-count`].filter(Boolean).join(' ')}
            aria-invalid={isInvalid || undefined}
            aria-required={isRequired || undefined}
            {...(typeof initial === 'string' ? { defaultValue: initial } : {})}
            {...registration}
          />
          <p
            id={`${inputId}-count`}
            className={`form-field__count${length > maxLength ? ' form-field__count--over' : ''}`}
          >
            {t('forms.characters', { count: length, max: maxLength })}
          </p>
        </>
      )}
    </FormField>
  );
}
