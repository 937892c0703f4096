import { AppError } from '@app/core/errors/app-error';
import { LANGUAGES } from '@app/locales/languages';
import { Form, redirect } from 'react-router';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import { ConfirmForm } from '../../shared/staff/confirm-form.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/contact-form';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const staff = await requireStaff(args, 'messages:manage');
  return { message: await staff.messages.open(args.params.messageId) };
});

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const { messages } = await requireStaff(args, 'messages:manage');
  const id = args.params.messageId;
  const intent = field(await args.request.formData(), 'intent');
  if (intent === 'delete') {
    await messages.remove(id);
    return redirect(`${INTERNAL_PAGES.contactForms}?deleted=1`);
  }
  if (intent !== 'archive' && intent !== 'unarchive') throw new AppError('BAD_REQUEST');
  await messages.setStatus(id, intent === 'archive' ? 'archived' : 'read');
  return { done: intent, at: Date.now() };
});

export default function ContactForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { message } = loaderData;
  const name = [message.firstName, message.lastName].filter(Boolean).join(' ');
  const written = LANGUAGES.find((option) => option.code === message.language)?.nativeName ?? message.language;
  return (
    <StaffPage
      title={t('inbox.detailTitle', { name })}
      back={{ to: INTERNAL_PAGES.contactForms, label: t('inbox.back') }}
    >
      {message.spamCheck === 'form-token' && (
        <p>
          <span className="tag">{t('casework.withoutCheck')}</span>
        </p>
      )}
      {actionData?.done && (
        <FormAlert key={actionData.at} tone="success">
          <p>{t(actionData.done === 'archive' ? 'inbox.archived' : 'inbox.restored')}</p>
        </FormAlert>
      )}
      <dl className="details-list">
        <dt>{t('inbox.received')}</dt>
        <dd>{formatDateTime(message.receivedAt, language)}</dd>
        <dt>{t('inbox.email')}</dt>
        <dd>
          <bdi>{message.email}</bdi>
        </dd>
        {message.phone && (
          <>
            <dt>{t('inbox.phone')}</dt>
            <dd>
              <bdi dir="ltr">{message.phone}</bdi>
            </dd>
          </>
        )}
        <dt>{t('inbox.language')}</dt>
        <dd lang={message.language}>{written}</dd>
      </dl>
      <section className="staff-panel" aria-labelledby="message-title">
        <h2 id="message-title">{t('inbox.message')}</h2>
        <p className="user-text" lang={message.language}>
          {message.message}
        </p>
      </section>
      <div className="actions">
        <a className="button button--primary" href={`mailto:${message.email}`}>
          {t('inbox.reply')}
        </a>
        <Form method="post">
          <SubmitButton
            label={message.status === 'archived' ? t('inbox.unarchive') : t('inbox.archive')}
            intent={message.status === 'archived' ? 'unarchive' : 'archive'}
            variant="secondary"
          />
        </Form>
        <ConfirmForm question={t('inbox.confirmDelete')}>
          <SubmitButton label={t('inbox.delete')} intent="delete" variant="danger" />
        </ConfirmForm>
      </div>
    </StaffPage>
  );
}
