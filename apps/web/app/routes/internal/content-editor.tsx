import { AppError } from '@app/core/errors/app-error';
import { CONTENT_MAX_LENGTH, isContentKey } from '@app/core/site/content';
import { isLanguage, LANGUAGES } from '@app/locales/languages';
import { Form } from 'react-router';
import { EditedText } from '../../components/edited-text.tsx';
import { renderMarkdown } from '../../content/documents.server.ts';
import { effectiveSite, shippedMarkdown } from '../../content/site-content.server.ts';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { interpolate } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures, formFailure } from '../../shared/failures.server.ts';
import { ConfirmForm } from '../../shared/staff/confirm-form.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/content-editor';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function target(params: { key?: string; language?: string }) {
  const { key, language } = params;
  if (!isContentKey(key) || !isLanguage(language)) throw new AppError('NOT_FOUND');
  return { key, language };
}

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const { content } = await requireStaff(args, 'content:edit');
  const { key, language } = target(args.params);
  const [current, history] = await Promise.all([content.current(language), content.history(key, language)]);
  return { key, language, body: current[key]?.body ?? shippedMarkdown(key, language), history };
});

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const { content } = await requireStaff(args, 'content:edit');
  const { key, language } = target(args.params);
  const form = await args.request.formData();
  const intent = field(form, 'intent');
  const body = field(form, 'body');
  const at = Date.now();
  if (intent === 'preview') {
    const site = await effectiveSite(args.context);
    const previewHtml =
      key === 'emergencyNotice'
        ? `<p>${escapeHtml(interpolate(body, { emergencyNumber: site.emergencyNumber, policeNumber: site.policeNumber }))}</p>`
        : renderMarkdown(body, language, site);
    return { intent, at, draft: body, previewHtml, error: undefined };
  }
  if (intent === 'shipped') {
    await content.restoreShipped(key, language);
    return { intent, at, draft: undefined, previewHtml: undefined, error: undefined };
  }
  if (intent === 'version') {
    await content.restoreVersion(key, language, Number(field(form, 'version')));
    return { intent: 'save', at, draft: undefined, previewHtml: undefined, error: undefined };
  }
  try {
    await content.save(key, language, body);
    return { intent: 'save', at, draft: undefined, previewHtml: undefined, error: undefined };
  } catch (error) {
    return formFailure(error, 'content', (code) => ({ intent, at, draft: body, previewHtml: undefined, error: code }));
  }
});

export default function ContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language: uiLanguage } = useTranslation();
  const { key, language, body, history } = loaderData;
  const option = LANGUAGES.find((candidate) => candidate.code === language);
  const title = t('content.editorTitle', { text: t(`content.keys.${key}`), language: option?.nativeName ?? language });
  const draft = actionData?.draft ?? body;
  return (
    <StaffPage title={title} back={{ to: INTERNAL_PAGES.content, label: t('content.back') }}>
      {actionData?.error && (
        <FormAlert key={actionData.at}>
          <p>
            {actionData.error === 'placeholderMissing'
              ? t('content.placeholderMissing', {
                  emergencyNumber: '{{emergencyNumber}}',
                  policeNumber: '{{policeNumber}}',
                })
              : t('content.tooLong', { count: CONTENT_MAX_LENGTH })}
          </p>
        </FormAlert>
      )}
      {actionData && !actionData.error && actionData.intent !== 'preview' && (
        <FormAlert key={actionData.at} tone="success">
          <p>{actionData.intent === 'shipped' ? t('content.shippedRestored') : t('content.saved')}</p>
        </FormAlert>
      )}
      <Form
        method="post"
        className="staff-form"
        noValidate
        key={actionData?.intent === 'preview' ? 'draft' : `${history[0]?.id ?? 0}`}
      >
        <div className="form-field">
          <label htmlFor="content-body" className="form-field__label">
            {t('content.body')}
          </label>
          <p id="content-help" className="form-field__hint">
            {key === 'emergencyNotice'
              ? t('content.emergencyHelp', { emergencyNumber: '{{emergencyNumber}}', policeNumber: '{{policeNumber}}' })
              : t('content.markdownHelp', { organisation: '{{organisation}}', email: '{{email}}' })}
            {key === 'announcement' && ` ${t('content.emptyAnnouncement')}`}
          </p>
          <textarea
            id="content-body"
            name="body"
            className="input textarea content-editor"
            rows={key === 'privacy' || key === 'termsOfUse' ? 24 : 10}
            lang={language}
            dir={option?.dir}
            maxLength={CONTENT_MAX_LENGTH}
            aria-describedby="content-help"
            defaultValue={draft}
          />
        </div>
        <div className="actions">
          <SubmitButton label={t('content.preview')} intent="preview" variant="secondary" />
          <SubmitButton label={t('content.save')} busyLabel={t('content.saving')} intent="save" />
        </div>
      </Form>
      {actionData?.previewHtml !== undefined && (
        <section
          className="staff-panel content-preview"
          aria-labelledby="preview-title"
          lang={language}
          dir={option?.dir}
        >
          <h2 id="preview-title">{t('content.previewTitle')}</h2>
          <EditedText html={actionData.previewHtml} />
        </section>
      )}
      <section className="staff-panel" aria-labelledby="versions-title">
        <h2 id="versions-title">{t('content.historyTitle')}</h2>
        {history.length === 0 ? (
          <p>{t('content.noHistory')}</p>
        ) : (
          <ol className="history-list">
            {history.map((version) => (
              <li key={version.id}>
                {t('content.versionBy', {
                  date: formatDateTime(version.createdAt, uiLanguage),
                  name: version.author ?? '',
                })}
                {version.isShippedText && ` (${t('content.versionShipped')})`}
                <Form method="post" className="inline-form">
                  <input type="hidden" name="version" value={version.id} />
                  <button type="submit" name="intent" value="version" className="link-button">
                    {t('content.useVersion')}
                  </button>
                </Form>
              </li>
            ))}
          </ol>
        )}
        <ConfirmForm question={t('content.confirmShipped')}>
          <SubmitButton label={t('content.restoreShipped')} intent="shipped" variant="secondary" />
        </ConfirmForm>
      </section>
    </StaffPage>
  );
}
