import type { FieldErrors } from '@app/core/field-errors';
import type { ValidationResult } from '@app/core/report.schema';
import type { FieldValues, FieldErrors as HookFormErrors, Resolver } from 'react-hook-form';

type Validate<Values, Output> = (values: Values) => ValidationResult<Output>;

/**
 * A react-hook-form resolver over a validation function of packages/core: the form checks exactly
 * what the server checks. Each error's `type` is its code (`required`, `invalidPhone`…).
 *
 * The validation (zod, the phone number rules: about 55 KB gzip) is not part of the page's first
 * load: `load` imports it, once, when the form first checks something, and `preload` starts that
 * import as soon as the form is on screen, so it is there long before anyone has typed a field.
 */
export function coreResolver<Values extends FieldValues, Output>(
  load: () => Promise<Validate<Values, Output>>,
): Resolver<Values> & { preload: () => void } {
  let loading: Promise<Validate<Values, Output>> | undefined;
  const validator = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a lost connection: try again at the next check
      throw error;
    });
    return loading;
  };
  const resolver = async (values: Values) => {
    const result = (await validator())(values);
    if (result.success) return { values, errors: {} };
    return { values: {} as Record<string, never>, errors: toHookFormErrors(result.errors) as HookFormErrors<Values> };
  };
  return Object.assign(resolver as Resolver<Values>, { preload: () => void validator().catch(() => {}) });
}

export function toHookFormErrors(errors: FieldErrors) {
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, { type: code, message: code }]));
}
