import { TAG_NAME_MAX_LENGTH } from '@app/core/casework/classification';
import { AppError } from '@app/core/errors/app-error';
import { LANGUAGES } from '@app/locales/languages';
import { Form, type ShouldRevalidateFunctionArgs } from 'react-router';
import tagsStylesheet from '../../features/casework/tags-page.css?url';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { answeringFailures, formFailure } from '../../shared/failures.server.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/tags';

/**
 * The tags staff classify incidents with (decision 0044), kept by admins: add one with its name in
 * the five languages, rename it, disable it (it stays on the incidents that have it) or enable it
 * again. Plain forms: the page works without JavaScript.
 */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: tagsStylesheet }];

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const { tags } = await requireStaff(args, 'tags:manage');
  return { tags: await tags.list() };
});

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const { tags } = await requireStaff(args, 'tags:manage');
  const form = await args.request.formData();
  const intent = field(form, 'intent');
  const tag = field(form, 'tag');
  const revision = field(form, 'revision');
  const names = Object.fromEntries(LANGUAGES.map(({ code }) => [code, field(form, `name-${code}`)]));
  const at = Date.now();
  const answer = async (change: () => Promise<unknown>) => {
    try {
      await change();
      return { intent, tag, error: undefined, names: undefined, at };
    } catch (error) {
      return formFailure(error, 'tags', (code) => ({ intent, tag, error: code, names, at }));
    }
  };
  if (intent === 'create') return answer(() => tags.create({ names }));
  if (intent === 'rename') return answer(() => tags.rename(tag, { names, revision }));
  if (intent === 'disable' || intent === 'enable') {
    return answer(() => tags.setDisabled(tag, { disabled: intent === 'disable', revision }));
  }
  throw new AppError('BAD_REQUEST');
});

/** After a lost race, show the tags as they are now. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.error === 'conflict' || actionResult?.error === 'notFound' ? true : defaultShouldRevalidate;
}

function NameFields({ values }: { values?: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <div className="tag-names">
      {LANGUAGES.map(({ code, dir }) => (
        <InputField
          key={code}
          label={t(`tags.nameIn.${code}`)}
          name={`name-${code}`}
          lang={code}
          dir={dir}
          maxLength={TAG_NAME_MAX_LENGTH}
          autoComplete="off"
          defaultValue={values?.[code] ?? ''}
        />
      ))}
    </div>
  );
}

export default function Tags({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const draftFor = (intent: string, tag = '') =>
    actionData?.error && actionData.intent === intent && actionData.tag === tag ? actionData.names : undefined;
  return (
    <StaffPage title={t('tags.title')} intro={t('tags.intro')}>
      {actionData?.error && (
        <FormAlert key={actionData.at}>
          <p>{t(`tags.errors.${actionData.error}`)}</p>
        </FormAlert>
      )}
      {actionData && !actionData.error && (
        <FormAlert key={actionData.at} tone="success">
          <p>{t('tags.saved')}</p>
        </FormAlert>
      )}
      <section className="staff-panel" aria-labelledby="tags-add-title">
        <h2 id="tags-add-title">{t('tags.add')}</h2>
        <Form method="post" className="staff-form" noValidate key={actionData?.error ? 'draft' : actionData?.at}>
          <input type="hidden" name="intent" value="create" />
          <NameFields values={draftFor('create')} />
          <SubmitButton label={t('tags.addSubmit')} />
        </Form>
      </section>
      <section className="staff-panel" aria-labelledby="tags-list-title">
        <h2 id="tags-list-title">{t('tags.listLabel')}</h2>
        {loaderData.tags.length === 0 ? (
          <p>{t('tags.none')}</p>
        ) : (
          <ul className="tag-list">
            {loaderData.tags.map((tag) => {
              const name = tag.names[language] ?? tag.names.en ?? '';
              return (
                <li key={`${tag.id}-${tag.revision}`} className="tag-list__item">
                  <h3>
                    {name} <span className="muted">({tag.disabled ? t('tags.disabled') : t('tags.active')})</span>
                  </h3>
                  <details open={draftFor('rename', tag.id) !== undefined}>
                    <summary>{t('tags.rename')}</summary>
                    <Form method="post" className="staff-form" noValidate>
                      <input type="hidden" name="intent" value="rename" />
                      <input type="hidden" name="tag" value={tag.id} />
                      <input type="hidden" name="revision" value={tag.revision} />
                      <NameFields values={draftFor('rename', tag.id) ?? tag.names} />
                      <SubmitButton label={t('tags.renameSubmit')} />
                    </Form>
                  </details>
                  <Form method="post" className="staff-form">
                    <input type="hidden" name="tag" value={tag.id} />
                    <input type="hidden" name="revision" value={tag.revision} />
                    <SubmitButton
                      label={tag.disabled ? t('tags.enable') : t('tags.disable')}
                      intent={tag.disabled ? 'enable' : 'disable'}
                      variant="secondary"
                    />
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </StaffPage>
  );
}
