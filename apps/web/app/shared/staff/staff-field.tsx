import { useId } from 'react';

type StaffFieldProps = React.InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string;
};

/** A labelled input of the staff area, its hint and error named by aria-describedby. */
export function StaffField({ label, hint, error, ...input }: StaffFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
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
      <input
        id={id}
        className="input"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        {...input}
      />
    </div>
  );
}
