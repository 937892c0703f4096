import type { SignInErrorCode } from '@app/core/staff/staff';
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { AuthShell } from '../../features/staff/auth-shell.tsx';
import { RecoveryCodes } from '../../features/staff/recovery-codes.tsx';
import { SignOutForm } from '../../features/staff/sign-out-form.tsx';
import { cookieHeaders, field, staffRequest } from '../../features/staff/staff-guard.server.ts';
import { TotpCodeField } from '../../features/staff/totp-code-field.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES, safeInternalDestination } from '../../paths.ts';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/enrol';

/** The first sign-in: an authenticator app is set up before anything else of the staff area opens. */
export async function loader(args: Route.LoaderArgs) {
  const { session, auth, facts } = staffRequest(args);
  if (session.state === 'signed-in') throw redirect(INTERNAL_PAGES.dashboard);
  if (session.state === 'anonymous') throw redirect(INTERNAL_PAGES.login);
  const enrolment = await auth.enrolment(session.staff, facts);
  return { ...enrolment, email: session.staff.email };
}

export async function action(args: Route.ActionArgs) {
  const { session, auth, facts } = staffRequest(args);
  if (session.state !== 'needs-enrolment') throw redirect(INTERNAL_PAGES.login);
  const form = await args.request.formData();
  const outcome = await auth.confirmEnrolment(session.staff, field(form, 'code'), facts);
  if (!outcome.ok) {
    return data({ error: outcome.code, at: Date.now(), recoveryCodes: undefined }, { status: 400 });
  }
  return data(
    { error: undefined, at: Date.now(), recoveryCodes: outcome.recoveryCodes },
    { headers: cookieHeaders(outcome.setCookies) },
  );
}

/** Once the codes are shown, stay on them: the loader would now send a signed-in member on. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.recoveryCodes ? false : defaultShouldRevalidate;
}

export default function Enrol({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = safeInternalDestination(params.get('next'));
  if (actionData?.recoveryCodes) {
    return (
      <AuthShell title={t('enrol.doneTitle')}>
        <RecoveryCodes codes={actionData.recoveryCodes} next={next} />
      </AuthShell>
    );
  }
  const error = actionData?.error as SignInErrorCode | undefined;
  return (
    <AuthShell title={t('enrol.title')}>
      <p>{t('enrol.intro')}</p>
      {error && (
        <FormAlert key={actionData?.at} title={t('signIn.errors.title')}>
          <p>{t(`signIn.errors.${error}`)}</p>
        </FormAlert>
      )}
      <ol className="enrol-steps">
        <li>{t('enrol.step1')}</li>
        <li>
          <p>{t('enrol.step2')}</p>
          <div
            className="enrol-qr"
            role="img"
            aria-label={t('enrol.qrAlt')}
            // The SVG is drawn on the server by the qrcode package from our own otpauth URI.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: generated markup, no user input
            dangerouslySetInnerHTML={{ __html: loaderData.qrCodeSvg }}
          />
          <details className="enrol-manual" open>
            <summary>{t('enrol.manualTitle')}</summary>
            <p>{t('enrol.manualIntro')}</p>
            <p className="enrol-secret" dir="ltr" data-testid="totp-secret">
              <code>{loaderData.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </p>
            <p>
              {t('enrol.manualAccount', { email: '' })}
              <bdi dir="ltr">{loaderData.email}</bdi>
            </p>
          </details>
        </li>
        <li>
          <p>{t('enrol.step3')}</p>
          <Form method="post" className="staff-form" noValidate>
            <TotpCodeField />
            <SubmitButton label={t('enrol.submit')} busyLabel={t('enrol.submitting')} />
          </Form>
        </li>
      </ol>
      <SignOutForm label={t('enrol.cancel')} className="link-button" />
      <p className="visually-hidden">
        <Link to={INTERNAL_PAGES.login}>{t('signIn.title')}</Link>
      </p>
    </AuthShell>
  );
}
