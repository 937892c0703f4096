import { useId } from 'react';

/** A labelled date input (YYYY-MM-DD) of the staff area's filters. */
export function DateField({ label, name, defaultValue }: { label: string; name: string; defaultValue?: string }) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <input id={id} name={name} type="date" className="input" defaultValue={defaultValue ?? ''} />
    </div>
  );
}
