import { isStaffRole, STAFF_NAME_MAX_LENGTH, type StaffErrorCode } from '@app/core/staff/staff';
import type { StaffMemberSummary } from '@app/core/staff/staff-api';
import { isolate } from '@app/locales/bidi';
import { Form, Link } from 'react-router';
import { RoleChoice } from '../../features/staff/role-select.tsx';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures, formFailure } from '../../shared/failures.server.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';
import { CopyLink } from '../../shared/staff/copy-link.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { type Column, DataTable } from '../../shared/staff/list/data-table.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/staff';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const staff = await requireStaff(args, 'staff:manage');
  return { members: await staff.staff.list(), currentId: staff.actor.id };
});

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const { staff } = await requireStaff(args, 'staff:manage');
  const form = await args.request.formData();
  const input = { email: field(form, 'email'), name: field(form, 'name'), role: field(form, 'role') };
  try {
    const { setPasswordUrl } = await staff.create(input);
    return {
      error: undefined,
      input: undefined,
      created: { name: input.name.trim(), url: setPasswordUrl },
      at: Date.now(),
    };
  } catch (error) {
    return formFailure(error, 'staff', (code) => ({ error: code, input, created: undefined, at: Date.now() }));
  }
});

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const error = actionData?.error as StaffErrorCode | undefined;
  const columns: Column<StaffMemberSummary>[] = [
    {
      header: t('staff.name'),
      isRowHeader: true,
      cell: (member) => (
        <>
          <Link
            to={`${INTERNAL_PAGES.staff}/${member.id}`}
            aria-label={t('staff.manage', { name: isolate(member.name) })}
          >
            <bdi>{member.name}</bdi>
          </Link>
          {member.id === loaderData.currentId && <span className="muted"> ({t('staff.you')})</span>}
        </>
      ),
    },
    { header: t('staff.email'), cell: (member) => <bdi>{member.email}</bdi> },
    { header: t('staff.role'), cell: (member) => t(`internal.roles.${member.role}`) },
    { header: t('staff.status'), cell: (member) => (member.disabled ? t('staff.disabled') : t('staff.active')) },
    {
      header: t('staff.twoFactor'),
      cell: (member) =>
        member.twoFactorEnabled
          ? t('staff.enrolled')
          : member.hasPassword
            ? t('staff.notEnrolled')
            : t('staff.noPassword'),
    },
    {
      header: t('staff.passkeys'),
      cell: (member) =>
        member.passkeys > 0 ? t('staff.passkeyCount', { count: member.passkeys }) : t('staff.noPasskey'),
    },
    {
      header: t('staff.lastSignIn'),
      cell: (member) => (member.lastSignInAt ? formatDateTime(member.lastSignInAt, language) : t('staff.never')),
    },
  ];
  return (
    <StaffPage title={t('staff.title')} intro={t('staff.intro')}>
      <DataTable
        label={t('staff.listLabel')}
        caption
        columns={columns}
        rows={loaderData.members}
        rowKey={(member) => member.id}
      />

      <section aria-labelledby="add-staff" className="staff-panel">
        <h2 id="add-staff">{t('staff.add')}</h2>
        {actionData?.created && (
          <FormAlert key={actionData.at} tone="success" title={t('staff.created', { name: actionData.created.name })}>
            <p>{t('staff.linkIntro', { name: actionData.created.name })}</p>
            <CopyLink url={actionData.created.url} />
          </FormAlert>
        )}
        {error && (
          <FormAlert key={actionData?.at} title={t('staff.errors.title')}>
            <p>{t(`staff.errors.${error}`, { count: STAFF_NAME_MAX_LENGTH })}</p>
          </FormAlert>
        )}
        <Form method="post" className="staff-form" noValidate key={actionData?.created ? actionData.at : 'form'}>
          <InputField
            label={t('staff.name')}
            name="name"
            required
            maxLength={STAFF_NAME_MAX_LENGTH}
            autoComplete="off"
            defaultValue={actionData?.input?.name ?? ''}
            error={
              error === 'nameRequired' || error === 'nameTooLong'
                ? t(`staff.errors.${error}`, { count: STAFF_NAME_MAX_LENGTH })
                : undefined
            }
          />
          <InputField
            label={t('staff.email')}
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={actionData?.input?.email ?? ''}
            error={error === 'invalidEmail' || error === 'emailTaken' ? t(`staff.errors.${error}`) : undefined}
          />
          <RoleChoice
            name="role"
            defaultValue={isStaffRole(actionData?.input?.role) ? actionData.input.role : 'viewer'}
          />
          <SubmitButton label={t('staff.addSubmit')} busyLabel={t('staff.addSubmitting')} />
        </Form>
      </section>
    </StaffPage>
  );
}
