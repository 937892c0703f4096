import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/core/staff/staff';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';

/**
 * The values of a sign-in error's message: a password too short or too long names the limit it
 * missed, as the count its plural message agrees with.
 */
export function passwordErrorValues(error: string): { count: number } | undefined {
  if (error === 'passwordTooShort') return { count: PASSWORD_MIN_LENGTH };
  if (error === 'passwordTooLong') return { count: PASSWORD_MAX_LENGTH };
  return undefined;
}

/** A new password typed twice (`newPassword`, `confirmPassword`), for setting or changing it. */
export function NewPasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <InputField
        label={t('setPassword.newPassword')}
        hint={t('setPassword.newPasswordHint', { count: PASSWORD_MIN_LENGTH })}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        required
      />
      <InputField
        label={t('setPassword.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
