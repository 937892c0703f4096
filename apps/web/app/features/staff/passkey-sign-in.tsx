import type { PasskeyCeremonyOptions } from '@app/core/staff/passkeys';
import type { SignInErrorCode } from '@app/core/staff/staff';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { signWithPasskey } from './passkey-ceremony.ts';
import { usePasskeyCeremony } from './use-passkey-ceremony.ts';

type PasskeyAnswer = { passkeyOptions?: PasskeyCeremonyOptions; passkeyError?: SignInErrorCode; at: number };

/**
 * "Sign in with a passkey" (decision 0032): the server's challenge, the device's answer, and the
 * server's verdict, all through the sign-in page's own action. Shown only where the browser can
 * use passkeys, once the page runs (without JavaScript the password form is all there is).
 */
export function PasskeySignIn({ action }: { action: string }) {
  const { t } = useTranslation();
  const { fetcher, supported, busy, problem, setProblem } = usePasskeyCeremony<PasskeyAnswer>(
    signWithPasskey,
    (response) => ({ intent: 'passkey', response }),
    action,
  );

  if (!supported) return null;
  const serverError = fetcher.state === 'idle' ? fetcher.data?.passkeyError : undefined;
  return (
    <section className="passkey-sign-in" aria-labelledby="passkey-sign-in">
      <h2 id="passkey-sign-in" className="visually-hidden">
        {t('signIn.passkey')}
      </h2>
      <p>{t('signIn.passkeyIntro')}</p>
      {(problem || serverError) && (
        <FormAlert key={fetcher.data?.at} title={t('signIn.errors.title')}>
          <p>{problem ? t(`passkeys.errors.${problem}`) : t(`signIn.errors.${serverError}`)}</p>
        </FormAlert>
      )}
      <button
        type="button"
        className="button button--primary"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (busy) return;
          setProblem(undefined);
          fetcher.submit({ intent: 'passkey-options' }, { method: 'post', action });
        }}
      >
        {busy ? t('signIn.passkeyWorking') : t('signIn.passkey')}
      </button>
      <p className="passkey-sign-in__or">{t('signIn.or')}</p>
    </section>
  );
}
