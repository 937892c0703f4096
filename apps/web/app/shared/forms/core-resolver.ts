import type { FieldErrors } from '@app/core/field-errors';
import type { ValidationResult } from '@app/core/report.schema';
import type { FieldValues, FieldErrors as HookFormErrors, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver over a validation function of packages/core: the form checks exactly
 * what the server checks. Each error's `type` is its code (`required`, `invalidPhone`…).
 */
export function coreResolver<Values extends FieldValues, Output>(
  validate: (values: Values) => ValidationResult<Output>,
): Resolver<Values> {
  return async (values) => {
    const result = validate(values);
    if (result.success) return { values, errors: {} };
    return { values: {} as Record<string, never>, errors: toHookFormErrors(result.errors) as HookFormErrors<Values> };
  };
}

export function toHookFormErrors(errors: FieldErrors) {
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, { type: code, message: code }]));
}
