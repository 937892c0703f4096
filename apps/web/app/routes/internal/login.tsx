import type { SignInErrorCode } from '@app/core/staff/staff';
import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import { AuthShell } from '../../features/staff/auth-shell.tsx';
import { PasskeySignIn } from '../../features/staff/passkey-sign-in.tsx';
import { cookieHeaders, field, staffRequest } from '../../features/staff/staff-guard.server.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSite } from '../../lib/use-site.ts';
import { INTERNAL_PAGES, safeInternalDestination } from '../../paths.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/login';

const REASONS = ['idle', 'expired', 'signedOut', 'passwordSet', 'challengeExpired'] as const;

/**
 * A refused attempt's Retry-After (the address or the account waits: security review finding 7).
 * React Router passes only cookies from an action's headers on to the page unless a route says so.
 */
export const headers: Route.HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) merged.set('Retry-After', retryAfter);
  return merged;
};

export function loader(args: Route.LoaderArgs) {
  const { session } = staffRequest(args);
  const next = new URL(args.request.url).searchParams.get('next');
  if (session.state === 'signed-in') throw redirect(safeInternalDestination(next));
  if (session.state === 'needs-enrolment') throw redirect(INTERNAL_PAGES.enrol);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const email = field(form, 'email');
  const next = safeInternalDestination(new URL(args.request.url).searchParams.get('next'));
  const { auth, facts } = staffRequest(args);
  const intent = field(form, 'intent');
  if (intent === 'passkey-options' || intent === 'passkey') return passkeyStep(intent, form, next, args);
  const outcome = await auth.signIn({ email, password: field(form, 'password') }, facts);
  if (!outcome.ok) {
    const status = outcome.code === 'accountLocked' || outcome.code === 'tooManyAttempts' ? 429 : 400;
    const headers = cookieHeaders(outcome.setCookies);
    if (outcome.retryAfterSeconds) headers.set('Retry-After', String(outcome.retryAfterSeconds));
    return data({ error: outcome.code, email, at: Date.now() }, { status, headers });
  }
  const target =
    outcome.next === 'two-factor'
      ? `${INTERNAL_PAGES.loginCode}?${new URLSearchParams({ next })}`
      : `${INTERNAL_PAGES.enrol}?${new URLSearchParams({ next })}`;
  return redirect(target, { headers: cookieHeaders(outcome.setCookies) });
}

/** A passkey sign-in (decision 0032): the challenge first, then the device's answer. */
async function passkeyStep(
  intent: 'passkey-options' | 'passkey',
  form: FormData,
  next: string,
  args: Route.ActionArgs,
) {
  const { auth, facts } = staffRequest(args);
  const at = Date.now();
  if (intent === 'passkey-options') {
    const outcome = await auth.passkeySignInOptions(facts);
    const headers = cookieHeaders(outcome.setCookies);
    if (!outcome.ok) {
      if (outcome.retryAfterSeconds) headers.set('Retry-After', String(outcome.retryAfterSeconds));
      return data({ passkeyError: outcome.code, at }, { status: 429, headers });
    }
    return data({ passkeyOptions: outcome.options, at }, { headers });
  }
  const outcome = await auth.signInWithPasskey(field(form, 'response'), facts);
  if (!outcome.ok) {
    return data({ passkeyError: outcome.code, at }, { status: 400, headers: cookieHeaders(outcome.setCookies) });
  }
  return redirect(next, { headers: cookieHeaders(outcome.setCookies) });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  const [params] = useSearchParams();
  const reason = REASONS.find((candidate) => candidate === params.get('reason'));
  const error = actionData && 'error' in actionData ? (actionData.error as SignInErrorCode) : undefined;
  const passkeyAction = `${INTERNAL_PAGES.login}?${new URLSearchParams({ next: safeInternalDestination(params.get('next')) })}`;
  return (
    <AuthShell title={t('signIn.title')}>
      <p>{t('signIn.intro', { organisation: site?.organisationName ?? '' })}</p>
      {reason && !error && (
        <FormAlert tone={reason === 'signedOut' || reason === 'passwordSet' ? 'success' : 'error'}>
          <p>{t(`signIn.reasons.${reason}`)}</p>
        </FormAlert>
      )}
      {error && (
        <FormAlert key={actionData?.at} title={t('signIn.errors.title')}>
          <p>{t(`signIn.errors.${error}`)}</p>
        </FormAlert>
      )}
      <PasskeySignIn action={passkeyAction} />
      <Form method="post" className="staff-form" noValidate>
        <InputField
          label={t('signIn.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={actionData && 'email' in actionData ? actionData.email : ''}
          maxLength={254}
        />
        <InputField
          label={t('signIn.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton label={t('signIn.submit')} busyLabel={t('signIn.submitting')} />
      </Form>
      <p className="muted">{t('signIn.forgotPassword')}</p>
      <p>
        <Link to="/incident-report">{t('signIn.reportLink')}</Link>
      </p>
    </AuthShell>
  );
}
