import { useNavigation } from 'react-router';

/** A submit button that says it is working while its form is being sent, and cannot be sent twice. */
export function SubmitButton({
  label,
  busyLabel,
  name,
  value,
  variant = 'primary',
}: {
  label: string;
  busyLabel: string;
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
      onClick={(event) => {
        if (isBusy) event.preventDefault();
      }}
    >
      {isBusy ? busyLabel : label}
    </button>
  );
}
