import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/core/staff';
import { useTranslation } from '../../i18n/use-translation.ts';
import { StaffField } from '../../shared/staff/staff-field.tsx';

/** The password rule's figures, for the hint and for the messages that name them. */
export const PASSWORD_LIMITS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** A new password typed twice (`newPassword`, `confirmPassword`), for setting or changing it. */
export function NewPasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <StaffField
        label={t('setPassword.newPassword')}
        hint={t('setPassword.newPasswordHint', PASSWORD_LIMITS)}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        required
      />
      <StaffField
        label={t('setPassword.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
