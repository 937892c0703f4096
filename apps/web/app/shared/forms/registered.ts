import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * What a field takes from its form by the field's name, the name written once: its registration
 * and its error (`<TextField label={…} {...registered('email')} />`).
 */
export function registeredIn<T extends FieldValues>(form: UseFormReturn<T>) {
  return (name: Path<T>) => ({
    registration: form.register(name),
    error: form.formState.errors[name] as FieldError | undefined,
  });
}
