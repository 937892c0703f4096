import { useTranslation } from '../../i18n/use-translation.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';

/** The 6-digit code of an authenticator app: numeric keyboard, one-time-code autofill, left to right. */
export function TotpCodeField({ hint }: { hint?: string }) {
  const { t } = useTranslation();
  return (
    <InputField
      label={t('signIn.code.label')}
      hint={hint}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]{6,7}"
      maxLength={7}
      required
      dir="ltr"
    />
  );
}
