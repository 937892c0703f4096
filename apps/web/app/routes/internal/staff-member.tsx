import { AppError } from '@app/core/errors/app-error';
import { isStaffRole, type StaffErrorCode } from '@app/core/staff/staff';
import { isolate } from '@app/locales/bidi';
import { Form, type ShouldRevalidateFunctionArgs } from 'react-router';
import { RoleChoice } from '../../features/staff/role-select.tsx';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures, formFailure } from '../../shared/failures.server.ts';
import { ConfirmForm } from '../../shared/staff/confirm-form.tsx';
import { CopyLink } from '../../shared/staff/copy-link.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/staff-member';

const INTENTS = ['role', 'disable', 'enable', 'reset-two-factor', 'password-link'] as const;
type Intent = (typeof INTENTS)[number];

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const { staff, actor } = await requireStaff(args, 'staff:manage');
  const member = await staff.get(args.params.staffId);
  return { member, isSelf: member.id === actor.id };
});

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const { staff } = await requireStaff(args, 'staff:manage');
  const id = args.params.staffId;
  // A member who does not exist is the 404 page, whatever the form asked.
  await staff.get(id);
  const form = await args.request.formData();
  const intent = INTENTS.find((candidate) => candidate === field(form, 'intent'));
  const role = field(form, 'role');
  // A rule of staff management not met is the page's sentence (409 when someone changed them first).
  // What a change gives back is shown only for a new link: its address.
  const done = async (change: () => Promise<unknown>) => {
    try {
      const result = await change();
      return { intent, error: undefined, url: typeof result === 'string' ? result : undefined, at: Date.now() };
    } catch (error) {
      return formFailure(error, 'staff', (code) => ({ intent, error: code, url: undefined, at: Date.now() }));
    }
  };
  switch (intent) {
    case 'role':
      return done(async () => {
        if (!isStaffRole(role)) throw new AppError('staff.invalidRole');
        await staff.changeRole(id, role);
      });
    case 'disable':
      return done(() => staff.setDisabled(id, true));
    case 'enable':
      return done(() => staff.setDisabled(id, false));
    case 'reset-two-factor':
      return done(() => staff.resetTwoFactor(id));
    case 'password-link':
      return done(async () => (await staff.issueSetPasswordLink(id)).setPasswordUrl);
    default:
      throw new AppError('BAD_REQUEST');
  }
});

const SUCCESS: Record<Intent, string> = {
  role: 'staff.roleChanged',
  disable: 'staff.disabledDone',
  enable: 'staff.enabledDone',
  'reset-two-factor': 'staff.resetDone',
  'password-link': 'staff.linkIntro',
};

/** After a lost race (409), show the member as they are now. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.error === 'conflict' ? true : defaultShouldRevalidate;
}

export default function StaffMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { member } = loaderData;
  const intent = actionData?.intent as Intent | undefined;
  const error = actionData?.error as StaffErrorCode | undefined;
  return (
    <StaffPage
      title={t('staff.memberTitle', { name: isolate(member.name) })}
      documentTitle={`${isolate(member.name)} · ${t('staff.title')}`}
      back={{ to: INTERNAL_PAGES.staff, label: t('staff.back') }}
    >
      <p>
        <bdi>{member.email}</bdi> · {t(`internal.roles.${member.role}`)} ·{' '}
        {member.disabled ? t('staff.disabled') : t('staff.active')} ·{' '}
        {member.twoFactorEnabled ? t('staff.enrolled') : t('staff.notEnrolled')} · {t('staff.passkeys')}:{' '}
        {member.passkeys > 0 ? t('staff.passkeyCount', { count: member.passkeys }) : t('staff.noPasskey')}
      </p>
      {intent && !error && (
        <FormAlert key={actionData?.at} tone="success">
          <p>{t(SUCCESS[intent], { name: isolate(member.name) })}</p>
          {actionData?.url && <CopyLink url={actionData.url} />}
        </FormAlert>
      )}
      {error && (
        <FormAlert key={actionData?.at} title={t('staff.errors.title')}>
          <p>{t(`staff.errors.${error}`)}</p>
        </FormAlert>
      )}

      <section className="staff-panel" aria-labelledby="change-role">
        <h2 id="change-role">{t('staff.changeRole')}</h2>
        <Form method="post" className="staff-form" noValidate key={member.role}>
          <RoleChoice name="role" defaultValue={member.role} />
          <SubmitButton label={t('staff.saveRole')} intent="role" />
        </Form>
      </section>

      <section className="staff-panel" aria-labelledby="access">
        <h2 id="access">{member.disabled ? t('staff.enable') : t('staff.disable')}</h2>
        {!member.disabled && <p>{t('staff.disableIntro')}</p>}
        <ConfirmForm question={member.disabled ? undefined : t('staff.confirmDisable', { name: isolate(member.name) })}>
          <SubmitButton
            label={member.disabled ? t('staff.enable') : t('staff.disable')}
            intent={member.disabled ? 'enable' : 'disable'}
            variant={member.disabled ? 'secondary' : 'danger'}
          />
        </ConfirmForm>
      </section>

      <section className="staff-panel" aria-labelledby="reset-two-factor">
        <h2 id="reset-two-factor">{t('staff.resetTwoFactor')}</h2>
        <p>{t('staff.resetTwoFactorIntro')}</p>
        <ConfirmForm question={t('staff.confirmReset', { name: isolate(member.name) })}>
          <SubmitButton label={t('staff.resetTwoFactor')} intent="reset-two-factor" variant="danger" />
        </ConfirmForm>
      </section>

      <section className="staff-panel" aria-labelledby="password-link">
        <h2 id="password-link">{t('staff.newLink')}</h2>
        <p>{t('staff.newLinkIntro')}</p>
        <Form method="post">
          <SubmitButton label={t('staff.newLink')} intent="password-link" variant="secondary" />
        </Form>
      </section>
    </StaffPage>
  );
}
