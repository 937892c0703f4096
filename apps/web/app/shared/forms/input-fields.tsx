import { useId } from 'react';
import { describedByOf, FieldFrame } from './form-field.tsx';

/**
 * The fields of plain forms that React Router submits (the staff area): uncontrolled, with their
 * value in `defaultValue` and an error already written out. They share `FieldFrame` with the
 * public forms' fields, so a label, a hint and an error look and read the same everywhere.
 */

type Described = { label: string; hint?: string; error?: string };

function useInputIds(id: string | undefined, hint?: string, error?: string) {
  const generated = useId();
  const inputId = id ?? generated;
  return {
    inputId,
    aria: {
      'aria-describedby': describedByOf(inputId, hint, error),
      'aria-invalid': error ? true : undefined,
    },
  };
}

/** A labelled input (text, e-mail, password, date…). */
export function InputField({
  label,
  hint,
  error,
  id,
  ...input
}: Described & React.InputHTMLAttributes<HTMLInputElement>) {
  const { inputId, aria } = useInputIds(id, hint, error);
  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={error}>
      <input id={inputId} className="input" {...aria} {...input} />
    </FieldFrame>
  );
}

/** A labelled text area that keeps what people write in their own direction. */
export function LongTextField({
  label,
  hint,
  error,
  id,
  rows = 4,
  ...textarea
}: Described & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { inputId, aria } = useInputIds(id, hint, error);
  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={error}>
      <textarea id={inputId} className="input textarea" rows={rows} {...aria} {...textarea} />
    </FieldFrame>
  );
}

/** A labelled select; `defaultValue` undefined picks the option whose value is ''. */
export function SelectField({
  label,
  hint,
  error,
  name,
  options,
  defaultValue,
}: Described & { name: string; options: { value: string; label: string }[]; defaultValue?: string }) {
  const { inputId, aria } = useInputIds(undefined, hint, error);
  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={error}>
      <select id={inputId} name={name} className="input" defaultValue={defaultValue ?? ''} {...aria}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
