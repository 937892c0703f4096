import type { FilterField, FilterValues } from '@app/core/staff/list-filters';
import { Form, Link } from 'react-router';
import { InputField, SelectField } from '../../forms/input-fields.tsx';

/**
 * How the form shows one filter: its label; for a choice, the label of each value and of "any"
 * (no "any" for a choice with a fallback); for a text filter, the options to pick from; `hidden`
 * keeps a value the page shows elsewhere (the inbox's tabs) without a control.
 */
export type FilterControl = {
  label?: string;
  any?: string;
  option?(value: string): string;
  options?: { value: string; label: string }[];
  hidden?: boolean;
};

/**
 * A staff list's filter form, drawn from its schema in packages/core: a GET form, so that the
 * filters are in the address (a link, a bookmark, the back button) and it works without JavaScript.
 */
export function FilterForm<const Schema extends readonly FilterField[]>({
  id,
  label,
  schema,
  values,
  controls,
  apply,
  clear,
}: {
  /** Prefix of the ids the form needs itself (its check boxes). */
  id: string;
  label: string;
  schema: Schema;
  values: Partial<FilterValues<Schema>>;
  controls: Record<Schema[number]['name'], FilterControl>;
  apply: string;
  /** The link that drops the filters, when the page offers one. */
  clear?: { label: string; to: string };
}) {
  const current = (name: string) => (values as Record<string, string | boolean | undefined>)[name];
  // Its controls show the address's filters when drawn; a new address (a link that clears them,
  // the back button) draws them again rather than leave the last choice showing.
  const shown = JSON.stringify(schema.map((field) => current(field.name) ?? null));
  return (
    <Form key={shown} method="get" className="staff-filters" aria-label={label}>
      {schema.map((field) => (
        <FilterInput
          key={field.name}
          id={`${id}-${field.name}`}
          field={field}
          value={current(field.name)}
          control={controls[field.name as Schema[number]['name']]}
        />
      ))}
      <div className="actions">
        <button type="submit" className="button button--primary">
          {apply}
        </button>
        {clear && <Link to={clear.to}>{clear.label}</Link>}
      </div>
    </Form>
  );
}

function FilterInput({
  id,
  field,
  value,
  control,
}: {
  id: string;
  field: FilterField;
  value: string | boolean | undefined;
  control: FilterControl;
}) {
  const label = control.label ?? '';
  const text = typeof value === 'string' ? value : undefined;
  if (control.hidden) return <input type="hidden" name={field.name} value={text ?? ''} />;
  switch (field.kind) {
    case 'day':
      return <InputField label={label} name={field.name} type="date" defaultValue={text ?? ''} />;
    case 'flag':
      return (
        <div className="choice filters-checkbox">
          <input id={id} type="checkbox" name={field.name} value="yes" defaultChecked={value === true} />
          <label htmlFor={id}>{label}</label>
        </div>
      );
    default: {
      const values =
        field.kind === 'choice'
          ? field.values.map((option) => ({ value: option, label: control.option?.(option) ?? option }))
          : [];
      const any = control.any === undefined ? [] : [{ value: '', label: control.any }];
      return (
        <SelectField
          label={label}
          name={field.name}
          defaultValue={text}
          options={[...any, ...values, ...(control.options ?? [])]}
        />
      );
    }
  }
}
