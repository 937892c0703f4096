import type { FieldErrors } from '@app/core/errors/field-errors';
import type { ValidationResult } from '@app/core/forms/report.schema';
import type { FieldValues, FieldErrors as HookFormErrors, Resolver } from 'react-hook-form';

type Validate<Values, Output> = (values: Values) => ValidationResult<Output>;

/**
 * A react-hook-form resolver over a validation function of packages/core: the form checks exactly
 * what the server checks. Each error's `type` is its code (`required`, `invalidPhone`…).
 *
 * The validation (zod, the phone number rules: about 55 KB gzip) is not part of the page's first
 * load: `load` imports it, once, when the form first checks something. `preload` (call it in an
 * effect; it returns its clean-up) starts that import at the visitor's first touch, key or focus,
 * so it arrives while they type the first field, and a page that is only read never pays for it.
 */
export function coreResolver<Values extends FieldValues, Output>(
  load: () => Promise<Validate<Values, Output>>,
): Resolver<Values> & { preload: () => () => void } {
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
  const preload = () => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const stop = () => {
      for (const name of events) document.removeEventListener(name, start, true);
    };
    const start = () => {
      stop();
      void validator().catch(() => {});
    };
    for (const name of events) document.addEventListener(name, start, { capture: true, passive: true });
    return stop;
  };
  return Object.assign(resolver as Resolver<Values>, { preload });
}

export function toHookFormErrors(errors: FieldErrors) {
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, { type: code, message: code }]));
}
