import { can, type SignInErrorCode } from '@app/core/staff/staff';
import { data, Form } from 'react-router';
import { NewPasswordFields, passwordErrorValues } from '../../features/staff/new-password-fields.tsx';
import { type PasskeyAnswer, PasskeyList } from '../../features/staff/passkey-list.tsx';
import {
  cookieHeaders,
  field,
  newPasswordFrom,
  requireStaff,
  staffRequest,
} from '../../features/staff/staff-guard.server.ts';
import { formatHour } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { answeringFailures, formFailure } from '../../shared/failures.server.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/account';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const staff = await requireStaff(args);
  // The daily digest is for roles that may read reports (decision 0028).
  const mail = can(staff.actor.role, 'reports:manage') ? await staff.account.mailPreferences() : undefined;
  return { member: staff.actor, mail, passkeys: await staff.account.passkeys() };
});

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const staff = await requireStaff(args);
  const member = staff.actor;
  const form = await args.request.formData();
  const intent = field(form, 'intent');
  if (intent.startsWith('passkey-')) return passkeyAction(intent, form, args);
  if (intent === 'daily-digest') {
    const enabled = field(form, 'dailyDigest') === 'yes';
    await staff.account.setDailyDigest(enabled);
    const digestSaved: 'on' | 'off' = enabled ? 'on' : 'off';
    return data({ error: undefined, isChanged: false, digestSaved, at: Date.now() });
  }
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
});

/** The member's own passkeys (decision 0032): each step through their operations, which audit it. */
async function passkeyAction(intent: string, form: FormData, args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const { facts } = staffRequest(args);
  const at = Date.now();
  // A passkey's rule not met is the list's sentence (404 for a passkey that is not, or no longer, theirs).
  // What a step gives back is only ever the cookies it sets (the registration's).
  const answer = async (done: PasskeyAnswer['passkeyDone'], change: () => Promise<unknown>) => {
    try {
      const result = await change();
      const headers = result instanceof Headers ? result : undefined;
      return data({ passkeyDone: done, at } satisfies PasskeyAnswer, { headers });
    } catch (error) {
      return formFailure(error, 'passkeys', (code) => ({ passkeyError: code, at }) satisfies PasskeyAnswer);
    }
  };
  switch (intent) {
    case 'passkey-options': {
      const { options, setCookies } = await staff.account.passkeyRegistrationOptions(facts);
      return data({ passkeyOptions: options, at } satisfies PasskeyAnswer, { headers: cookieHeaders(setCookies) });
    }
    case 'passkey-register':
      return answer('added', async () => {
        const input = { name: field(form, 'name'), response: field(form, 'response') };
        return cookieHeaders((await staff.account.registerPasskey(input, facts)).setCookies);
      });
    case 'passkey-rename':
      return answer('renamed', () => staff.account.renamePasskey(field(form, 'passkeyId'), field(form, 'name')));
    case 'passkey-remove':
      return answer('removed', () => staff.account.removePasskey(field(form, 'passkeyId')));
    default:
      return data({ passkeyError: 'notFound', at } satisfies PasskeyAnswer, { status: 400 });
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { member, mail, passkeys } = loaderData;
  const passkeyAnswer = actionData && 'passkeyDone' in actionData ? (actionData as PasskeyAnswer) : undefined;
  const passkeyFailure = actionData && 'passkeyError' in actionData ? (actionData as PasskeyAnswer) : undefined;
  const digestSaved: 'on' | 'off' | undefined =
    actionData && 'digestSaved' in actionData ? (actionData.digestSaved as 'on' | 'off') : undefined;
  const error = actionData && 'error' in actionData ? (actionData.error as SignInErrorCode | undefined) : undefined;
  return (
    <StaffPage title={t('account.title')}>
      <section className="staff-panel" aria-labelledby="details">
        <h2 id="details">{t('account.details')}</h2>
        <dl className="details-list">
          <dt>{t('account.name')}</dt>
          <dd>
            <bdi>{member.name}</bdi>
          </dd>
          <dt>{t('account.email')}</dt>
          <dd>
            <bdi>{member.email}</bdi>
          </dd>
          <dt>{t('account.role')}</dt>
          <dd>{t(`internal.roles.${member.role}`)}</dd>
        </dl>
      </section>
      {mail && (
        <section className="staff-panel" aria-labelledby="daily-digest">
          <h2 id="daily-digest">{t('account.digestTitle')}</h2>
          <p>{t('account.digestIntro', { hour: formatHour(mail.digestHour, language) })}</p>
          {digestSaved && (
            <FormAlert key={actionData?.at} tone="success">
              <p>{t(digestSaved === 'on' ? 'account.digestOn' : 'account.digestOff')}</p>
            </FormAlert>
          )}
          <Form method="post" className="staff-form" key={`digest-${mail.dailyDigest}`}>
            <div className="choice">
              <input
                id="daily-digest-choice"
                type="checkbox"
                name="dailyDigest"
                value="yes"
                defaultChecked={mail.dailyDigest}
              />
              <label htmlFor="daily-digest-choice">{t('account.digestChoice', { email: member.email })}</label>
            </div>
            <SubmitButton
              label={t('account.digestSave')}
              busyLabel={t('account.submitting')}
              intent="daily-digest"
              variant="secondary"
            />
          </Form>
        </section>
      )}
      <PasskeyList passkeys={passkeys} answer={passkeyAnswer ?? passkeyFailure} />
      <section className="staff-panel" aria-labelledby="change-password">
        <h2 id="change-password">{t('account.changePassword')}</h2>
        <p>{t('account.changePasswordIntro')}</p>
        {actionData && 'isChanged' in actionData && actionData.isChanged && (
          <FormAlert key={actionData.at} tone="success">
            <p>{t('account.changed')}</p>
          </FormAlert>
        )}
        {error && (
          <FormAlert key={actionData?.at} title={t('signIn.errors.title')}>
            <p>{t(`signIn.errors.${error}`, passwordErrorValues(error))}</p>
          </FormAlert>
        )}
        <Form
          method="post"
          className="staff-form"
          noValidate
          key={actionData && 'isChanged' in actionData && actionData.isChanged ? actionData.at : 'form'}
        >
          <InputField
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
    </StaffPage>
  );
}
