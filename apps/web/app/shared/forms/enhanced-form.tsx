import { useTranslation } from '../../i18n/use-translation.ts';
import { FieldScope } from './form-field.tsx';

/**
 * A public form that works without JavaScript and is sent by script once React has taken over: a
 * plain post to `action` (the page itself), held by root.tsx's inline script while the page is not
 * hydrated (`data-await-react`), checked by the site's own rules rather than the browser's
 * (`noValidate`). Its fields take their ids' prefix and returned values from `idPrefix` and
 * `initialValues` (FieldScope).
 */
export function EnhancedForm({
  id,
  className,
  encType,
  action,
  onSubmit,
  labelledBy,
  idPrefix,
  initialValues,
  children,
}: {
  id: string;
  className: string;
  encType?: 'multipart/form-data';
  action: string;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  /** The id of the form's heading, its accessible name. */
  labelledBy: string;
  idPrefix?: string;
  initialValues?: Readonly<Record<string, unknown>>;
  children: React.ReactNode;
}) {
  return (
    <FieldScope idPrefix={idPrefix} initialValues={initialValues}>
      <form
        id={id}
        className={className}
        method="post"
        encType={encType}
        action={action}
        data-await-react=""
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={labelledBy}
      >
        {children}
      </form>
    </FieldScope>
  );
}

/**
 * The button that sends a public form: busy (and disabled, so not sent twice) while it is being
 * sent, and saying so (`busyLabel`, "Sending…" when not given).
 */
export function SendButton({
  label,
  busyLabel,
  isSending,
  name,
  value,
}: {
  label: string;
  busyLabel?: string;
  isSending: boolean;
  name?: string;
  value?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className="button button--primary"
      disabled={isSending}
      aria-busy={isSending}
    >
      {isSending ? (busyLabel ?? t('forms.sending')) : label}
    </button>
  );
}
