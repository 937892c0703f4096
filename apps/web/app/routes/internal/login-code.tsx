import type { SignInErrorCode } from '@app/core/staff/staff';
import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import { AuthShell } from '../../features/staff/auth-shell.tsx';
import { cookieHeaders, field, staffRequest } from '../../features/staff/staff-guard.server.ts';
import { TotpCodeField } from '../../features/staff/totp-code-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSite } from '../../lib/use-site.ts';
import { INTERNAL_PAGES, safeInternalDestination } from '../../paths.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/login-code';

/** Errors after which the password step must be done again. */
const RESTART: SignInErrorCode[] = ['challengeExpired', 'tooManyAttempts'];

function backToPassword(next: string, reason: string) {
  return redirect(`${INTERNAL_PAGES.login}?${new URLSearchParams({ next, reason })}`);
}

export async function loader(args: Route.LoaderArgs) {
  const { session, auth, facts } = staffRequest(args);
  const next = safeInternalDestination(new URL(args.request.url).searchParams.get('next'));
  if (session.state === 'signed-in') throw redirect(next);
  if (!(await auth.hasPendingChallenge(facts))) throw backToPassword(next, 'challengeExpired');
  return null;
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const url = new URL(args.request.url);
  const next = safeInternalDestination(url.searchParams.get('next'));
  const { auth, facts } = staffRequest(args);
  const isRecovery = url.searchParams.get('method') === 'recovery';
  const code = field(form, 'code');
  const outcome = isRecovery ? await auth.verifyRecoveryCode(code, facts) : await auth.verifyTotp(code, facts);
  if (outcome.ok) return redirect(next, { headers: cookieHeaders(outcome.setCookies) });
  if (RESTART.includes(outcome.code)) {
    const restart = backToPassword(next, 'challengeExpired');
    for (const cookie of outcome.setCookies) restart.headers.append('Set-Cookie', cookie);
    return restart;
  }
  return data(
    { error: outcome.code, at: Date.now() },
    { status: outcome.code === 'accountLocked' ? 429 : 400, headers: cookieHeaders(outcome.setCookies) },
  );
}

export default function LoginCode({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  const [params] = useSearchParams();
  const isRecovery = params.get('method') === 'recovery';
  const next = params.get('next') ?? '';
  const other = new URLSearchParams({ next, ...(isRecovery ? {} : { method: 'recovery' }) });
  const error = actionData?.error as SignInErrorCode | undefined;
  return (
    <AuthShell title={t(isRecovery ? 'signIn.code.recoveryTitle' : 'signIn.code.title')}>
      <p>
        {isRecovery
          ? t('signIn.code.recoveryIntro')
          : t('signIn.code.intro', { organisation: site?.organisationName ?? '' })}
      </p>
      {error && (
        <FormAlert key={actionData?.at} title={t('signIn.errors.title')}>
          <p>{t(`signIn.errors.${error}`)}</p>
        </FormAlert>
      )}
      <Form method="post" className="staff-form" noValidate key={isRecovery ? 'recovery' : 'totp'}>
        {isRecovery ? (
          <InputField
            label={t('signIn.code.recoveryLabel')}
            hint={t('signIn.code.recoveryHint')}
            name="code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            dir="ltr"
          />
        ) : (
          <TotpCodeField hint={t('signIn.code.hint')} />
        )}
        <SubmitButton label={t('signIn.code.submit')} busyLabel={t('signIn.code.submitting')} />
      </Form>
      <p>
        <Link to={`?${other}`}>{t(isRecovery ? 'signIn.code.useApp' : 'signIn.code.useRecovery')}</Link>
      </p>
      <p>
        <Link to={`${INTERNAL_PAGES.login}?${new URLSearchParams({ next })}`}>{t('signIn.code.startAgain')}</Link>
      </p>
    </AuthShell>
  );
}
