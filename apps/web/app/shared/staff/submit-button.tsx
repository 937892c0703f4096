import { useNavigation } from 'react-router';

/**
 * A submit button that says it is working while its form is being sent, and cannot be sent twice.
 * `busyLabel` is what it says meanwhile (its label when not given). A page whose forms post to one
 * action names each form's `intent`: the button sends it as the field `intent`, and is busy only
 * while its own intent is being sent (`name` and `value` do the same for any other field).
 */
export function SubmitButton({
  label,
  busyLabel = label,
  intent,
  name = intent === undefined ? undefined : 'intent',
  value = intent,
  variant = 'primary',
  ariaLabel,
}: {
  label: string;
  busyLabel?: string;
  intent?: string;
  /** A fuller name for a screen reader, which begins with the visible label (WCAG 2.5.3). */
  ariaLabel?: string;
  name?: string;
  value?: string;
  variant?: 'primary' | 'secondary' | 'danger';
}) {
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting' && (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button
      type="submit"
      className={`button button--${variant}`}
      name={name}
      value={value}
      aria-disabled={isBusy || undefined}
      aria-label={isBusy ? undefined : ariaLabel}
      onClick={(event) => {
        if (isBusy) event.preventDefault();
      }}
    >
      {isBusy ? busyLabel : label}
    </button>
  );
}
