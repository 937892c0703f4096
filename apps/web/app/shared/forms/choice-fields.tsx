import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { describedByOf, FieldNotes, useErrorText, useFieldId, useInitialValue } from './form-field.tsx';

type ChoiceGroupProps = {
  legend: string;
  hint?: string;
  error?: FieldError;
  registration: UseFormRegisterReturn;
  options: { value: string; label: string; description?: string }[];
  layout?: 'inline' | 'cards';
};

/** Radio buttons in a fieldset whose legend asks the question; error and hint are announced with it. */
export function ChoiceGroup({ legend, hint, error, registration, options, layout = 'inline' }: ChoiceGroupProps) {
  const errorText = useErrorText()(error);
  const id = useId();
  // The first option carries the field's id: the error summary's link leads there.
  const firstId = useFieldId(registration.name);
  const initial = useInitialValue(registration.name);
  const describedBy = describedByOf(id, hint, errorText);
  return (
    <fieldset
      className={`choice-group choice-group--${layout}${errorText ? ' form-field--invalid' : ''}`}
      aria-describedby={describedBy}
      aria-invalid={errorText ? true : undefined}
    >
      <legend className="form-field__label">{legend}</legend>
      <FieldNotes id={id} hint={hint} error={errorText} />
      <div className="choice-group__options">
        {options.map((option, index) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              id={index === 0 ? firstId : undefined}
              value={option.value}
              {...(typeof initial === 'string' ? { defaultChecked: initial === option.value } : {})}
              {...registration}
            />
            <span className="choice__text">
              <span className="choice__label">{option.label}</span>
              {option.description && <span className="choice__description">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function YesNoField(props: Omit<ChoiceGroupProps, 'options' | 'layout'>) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      {...props}
      options={[
        { value: 'yes', label: t('forms.yes') },
        { value: 'no', label: t('forms.no') },
      ]}
    />
  );
}

/** A single checkbox with its label (and a hint or an error under it). */
export function CheckboxField({
  label,
  hint,
  error,
  registration,
}: {
  label: React.ReactNode;
  hint?: string;
  error?: FieldError;
  registration: UseFormRegisterReturn;
}) {
  const errorText = useErrorText()(error);
  const id = useFieldId(registration.name);
  const initial = useInitialValue(registration.name);
  const describedBy = describedByOf(id, hint, errorText);
  return (
    <div className={`form-field checkbox-field${errorText ? ' form-field--invalid' : ''}`}>
      {errorText && (
        <p id={`${id}-error`} className="form-field__error">
          {errorText}
        </p>
      )}
      <div className="choice">
        <input
          id={id}
          type="checkbox"
          aria-describedby={describedBy}
          aria-invalid={errorText ? true : undefined}
          {...(typeof initial === 'boolean' ? { defaultChecked: initial } : {})}
          {...registration}
        />
        <label htmlFor={id} className="choice__text">
          <span className="choice__label">{label}</span>
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
