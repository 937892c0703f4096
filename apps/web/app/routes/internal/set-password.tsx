import type { SignInErrorCode } from '@app/core/staff/staff';
import { data, Form, Link, redirect } from 'react-router';
import { AuthShell } from '../../features/staff/auth-shell.tsx';
import { NewPasswordFields, passwordErrorValues } from '../../features/staff/new-password-fields.tsx';
import { newPasswordFrom, staffRequest } from '../../features/staff/staff-guard.server.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/set-password';

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

export async function loader(args: Route.LoaderArgs) {
  return { isValid: await staffRequest(args).auth.isSetPasswordLinkValid(tokenOf(args.request)) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const newPassword = newPasswordFrom(form);
  if ('error' in newPassword) {
    return data({ error: newPassword.error as SignInErrorCode, at: Date.now() }, { status: 400 });
  }
  const outcome = await staffRequest(args).auth.setPassword(tokenOf(args.request), newPassword.password);
  if (!outcome.ok) return data({ error: outcome.code, at: Date.now() }, { status: 400 });
  return redirect(`${INTERNAL_PAGES.login}?reason=passwordSet`);
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.isValid) {
    return (
      <AuthShell title={t('setPassword.invalidTitle')}>
        <p>{t('setPassword.invalidIntro')}</p>
        <p>
          <Link to={INTERNAL_PAGES.login}>{t('setPassword.toSignIn')}</Link>
        </p>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('setPassword.title')}>
      <p>{t('setPassword.intro')}</p>
      {actionData?.error && (
        <FormAlert key={actionData.at} title={t('signIn.errors.title')}>
          <p>{t(`signIn.errors.${actionData.error}`, passwordErrorValues(actionData.error))}</p>
        </FormAlert>
      )}
      <Form method="post" className="staff-form" noValidate>
        <NewPasswordFields />
        <SubmitButton label={t('setPassword.submit')} busyLabel={t('setPassword.submitting')} />
      </Form>
    </AuthShell>
  );
}
