import { FIELD_MAX_LENGTHS } from '@app/core/forms/limits';
import { forwardRef, useContext } from 'react';
import type { FieldErrors as HookFormErrors } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { FieldIdPrefix } from './form-field.tsx';

const MISSING = new Set(['required']);
/** Problems of the form rather than of one field: said once, without a field name. */
const FORM_LEVEL = new Set(['contactMethodRequired']);

/**
 * The list of what is wrong, above the fields, as the spec words it: "Please fill in the following
 * required fields" and the names of the empty ones; then every other problem with its message.
 * Each entry moves the focus to its field. Focused and announced when it appears, with JavaScript
 * or without.
 */
export const ErrorSummary = forwardRef<
  HTMLDivElement,
  { errors: HookFormErrors; labels: Record<string, string>; order: readonly string[]; onSelect(field: string): void }
>(function ErrorSummary({ errors, labels, order, onSelect }, ref) {
  const { t } = useTranslation();
  const prefix = useContext(FieldIdPrefix);
  const isEnhanced = useHydrated();
  const present = order.filter((field) => errors[field]);
  if (present.length === 0) return null;
  const missing = present.filter((field) => MISSING.has(String(errors[field]?.type)));
  const other = present.filter((field) => !MISSING.has(String(errors[field]?.type)));
  // Without JavaScript (a form whose fields have named ids), each entry is a link to its field;
  // once React runs, a button that moves the focus there, as before.
  const item = (field: string, text: string) => (
    <li key={field}>
      {isEnhanced || prefix === undefined ? (
        <button type="button" className="link-button" onClick={() => onSelect(field)}>
          {text}
        </button>
      ) : (
        <a href={`#${prefix}${field}`} className="link-button">
          {text}
        </a>
      )}
    </li>
  );
  return (
    // Without JavaScript the summary arrives in a new page from the server: `autofocus` gives it the
    // focus there, as focusWhenShown does once React runs (a screen reader starts at the problems).
    // biome-ignore lint/a11y/noAutofocus: the focus goes to the list of problems the person must fix, never elsewhere
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} autoFocus={!isEnhanced}>
      {missing.length > 0 && (
        <>
          <p className="error-summary__title">{t('forms.missingFields')}</p>
          <ul>{missing.map((field) => item(field, labels[field] ?? field))}</ul>
        </>
      )}
      {other.length > 0 && (
        <>
          <p className="error-summary__title">{t('forms.fixFields')}</p>
          <ul>
            {other
              .filter((field, index) => {
                const type = String(errors[field]?.type);
                return !FORM_LEVEL.has(type) || other.findIndex((first) => errors[first]?.type === type) === index;
              })
              .map((field) => {
                const type = String(errors[field]?.type);
                const limit = FIELD_MAX_LENGTHS[field];
                const message = t(`validation.${type}`, limit === undefined ? undefined : { count: limit });
                return item(field, labels[field] && !FORM_LEVEL.has(type) ? `${labels[field]}: ${message}` : message);
              })}
          </ul>
        </>
      )}
    </div>
  );
});
