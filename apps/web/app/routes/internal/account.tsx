import type { SignInErrorCode } from '@app/core/staff';
import { data, Form } from 'react-router';
import { NewPasswordFields, passwordErrorValues } from '../../features/staff/new-password-fields.tsx';
import {
  cookieHeaders,
  field,
  newPasswordFrom,
  requireStaff,
  staffRequest,
} from '../../features/staff/staff-guard.server.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { StaffField } from '../../shared/staff/staff-field.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/account';

export async function loader(args: Route.LoaderArgs) {
  return { member: (await requireStaff(args)).actor };
}

export async function action(args: Route.ActionArgs) {
  const member = (await requireStaff(args)).actor;
  const form = await args.request.formData();
  const newPassword = newPasswordFrom(form);
  if ('error' in newPassword) {
    return data({ error: newPassword.error, isChanged: false, at: Date.now() }, { status: 400 });
  }
  const { auth, facts } = staffRequest(args);
  const outcome = await auth.changePassword(
    member,
    { currentPassword: field(form, 'currentPassword'), newPassword: newPassword.password },
    facts,
  );
  if (!outcome.ok) return data({ error: outcome.code, isChanged: false, at: Date.now() }, { status: 400 });
  return data({ error: undefined, isChanged: true, at: Date.now() }, { headers: cookieHeaders(outcome.setCookies) });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { member } = loaderData;
  const error = actionData?.error as SignInErrorCode | undefined;
  return (
    <main id="main" className="staff-main" tabIndex={-1}>
      <title>{`${t('account.title')} · ${t('internal.areaName')}`}</title>
      <h1>{t('account.title')}</h1>
      <section className="staff-panel" aria-labelledby="details">
        <h2 id="details">{t('account.details')}</h2>
        <dl className="details-list">
          <dt>{t('account.name')}</dt>
          <dd>{member.name}</dd>
          <dt>{t('account.email')}</dt>
          <dd>
            <bdi>{member.email}</bdi>
          </dd>
          <dt>{t('account.role')}</dt>
          <dd>{t(`internal.roles.${member.role}`)}</dd>
        </dl>
      </section>
      <section className="staff-panel" aria-labelledby="change-password">
        <h2 id="change-password">{t('account.changePassword')}</h2>
        <p>{t('account.changePasswordIntro')}</p>
        {actionData?.isChanged && (
          <FormAlert key={actionData.at} tone="success">
            <p>{t('account.changed')}</p>
          </FormAlert>
        )}
        {error && (
          <FormAlert key={actionData?.at} title={t('signIn.errors.title')}>
            <p>{t(`signIn.errors.${error}`, passwordErrorValues(error))}</p>
          </FormAlert>
        )}
        <Form method="post" className="staff-form" noValidate key={actionData?.isChanged ? actionData.at : 'form'}>
          <StaffField
            label={t('account.currentPassword')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
          />
          <NewPasswordFields />
          <SubmitButton label={t('account.submit')} busyLabel={t('account.submitting')} />
        </Form>
      </section>
    </main>
  );
}
