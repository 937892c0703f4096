import type { ReportDetail } from '@app/core/casework-api';
import { errorMessageKey, type SectionCode } from '@app/core/error-codes';
import { PACK_LANGUAGES, PACK_RECIPIENTS, type PackLanguage } from '@app/core/evidence-pack';
import { languageInfo } from '@app/locales/languages';
import { useId, useState } from 'react';
import { formatFileSize } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { formatDateTime } from '../../shared/staff/format.ts';

const EXCERPT_LENGTH = 90;

/**
 * The evidence pack for the police or Unia (decision 0026): a plain form to the server, whose answer
 * is a page to print (in a new tab) or a zip download. The reporter's identity can be asked for
 * only when the reporter consented; the operation checks it again and records the pack.
 */
export function EvidencePackPanel({ report, error }: { report: ReportDetail; error?: SectionCode<'evidencePack'> }) {
  const { t, language } = useTranslation();
  const id = useId();
  const [pickError, setPickError] = useState(false);
  const consent = report.sharingConsent;
  const messages = report.thread?.messages ?? [];
  const files = [
    ...report.attachments.map((file) => ({ file, messageAt: null as string | null })),
    ...messages.flatMap((message) => message.attachments.map((file) => ({ file, messageAt: message.at }))),
  ];
  const defaultLanguage: PackLanguage = (PACK_LANGUAGES as readonly string[]).includes(language)
    ? (language as PackLanguage)
    : 'nl';
  const mayIncludeIdentity = !report.isAnonymous && (consent === 'yes' || consent === 'ask-first');
  const consentText = report.isAnonymous
    ? t('casework.evidencePack.anonymous')
    : consent === 'yes'
      ? t('casework.evidencePack.consentYes')
      : consent === 'ask-first'
        ? t('casework.evidencePack.consentAskFirst')
        : consent === 'no'
          ? t('casework.evidencePack.consentNo')
          : t('casework.evidencePack.consentNone');
  const shown = error ?? (pickError ? 'evidencePack.noMessagesPicked' : undefined);
  return (
    <section className="staff-panel" aria-labelledby="evidence-pack-title" id="evidence-pack">
      <h2 id="evidence-pack-title">{t('casework.evidencePack.title')}</h2>
      <p className="muted">{t('casework.evidencePack.intro')}</p>
      {shown && (
        <FormAlert key={shown} title={t('casework.evidencePack.errorTitle')}>
          <p>{t(errorMessageKey(shown))}</p>
        </FormAlert>
      )}
      <form
        method="post"
        action={`/api/internal/reports/${report.id}/evidence-pack`}
        className="staff-form evidence-pack-form"
        data-testid="evidence-pack-form"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const missing = form.get('messages') === 'picked' && form.getAll('messageIds').length === 0;
          setPickError(missing);
          if (missing) event.preventDefault();
        }}
      >
        <fieldset className="choice-group">
          <legend className="form-field__label">{t('casework.evidencePack.recipient')}</legend>
          <div className="choice-group__options">
            {PACK_RECIPIENTS.map((recipient, index) => (
              <div key={recipient} className="choice">
                <input
                  type="radio"
                  id={`${id}-recipient-${recipient}`}
                  name="recipient"
                  value={recipient}
                  defaultChecked={index === 0}
                />
                <label htmlFor={`${id}-recipient-${recipient}`} className="choice__label">
                  {t(`casework.evidencePack.${recipient}`)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="choice-group">
          <legend className="form-field__label">{t('casework.evidencePack.language')}</legend>
          <div className="choice-group__options">
            {PACK_LANGUAGES.map((code) => (
              <div key={code} className="choice">
                <input
                  type="radio"
                  id={`${id}-language-${code}`}
                  name="language"
                  value={code}
                  defaultChecked={code === defaultLanguage}
                />
                <label htmlFor={`${id}-language-${code}`} className="choice__label" lang={code}>
                  {languageInfo(code).nativeName}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="choice-group">
          <legend className="form-field__label">{t('casework.evidencePack.messages')}</legend>
          {messages.length === 0 ? (
            <>
              <p>{t('casework.evidencePack.noThread')}</p>
              <input type="hidden" name="messages" value="none" />
            </>
          ) : (
            <div className="choice-group__options">
              {(['none', 'all', 'picked'] as const).map((choice) => (
                <div key={choice} className="choice">
                  <input
                    type="radio"
                    id={`${id}-messages-${choice}`}
                    name="messages"
                    value={choice}
                    defaultChecked={choice === 'none'}
                  />
                  <label htmlFor={`${id}-messages-${choice}`} className="choice__label">
                    {t(
                      `casework.evidencePack.messages${choice === 'none' ? 'None' : choice === 'all' ? 'All' : 'Picked'}`,
                    )}
                  </label>
                </div>
              ))}
            </div>
          )}
        </fieldset>
        {messages.length > 0 && (
          <fieldset className="choice-group evidence-pack-form__picked">
            <legend className="form-field__label">{t('casework.evidencePack.pickMessages')}</legend>
            {messages.map((message) => {
              const date = formatDateTime(message.at, language);
              const label =
                message.author === 'reporter'
                  ? t('casework.evidencePack.messageFromReporter', { date })
                  : message.author === 'staff'
                    ? t('casework.evidencePack.messageFromStaff', { date })
                    : t('casework.evidencePack.messageAutomatic', { date });
              const excerpt =
                message.body && message.body.length > EXCERPT_LENGTH
                  ? `${message.body.slice(0, EXCERPT_LENGTH)}…`
                  : message.body;
              return (
                <div key={message.id} className="choice">
                  <input type="checkbox" id={`${id}-message-${message.id}`} name="messageIds" value={message.id} />
                  <label htmlFor={`${id}-message-${message.id}`} className="choice__text">
                    <span className="choice__label">{label}</span>
                    {excerpt && (
                      <span className="choice__description user-text" dir="auto">
                        {excerpt}
                      </span>
                    )}
                  </label>
                </div>
              );
            })}
          </fieldset>
        )}
        <fieldset className="choice-group">
          <legend className="form-field__label">{t('casework.evidencePack.files')}</legend>
          {files.length === 0 ? (
            <p>{t('casework.evidencePack.noFiles')}</p>
          ) : (
            files.map(({ file, messageAt }, index) => {
              const values = { number: index + 1, size: formatFileSize(file.size, language) };
              return (
                <div key={file.id} className="choice">
                  <input
                    type="checkbox"
                    id={`${id}-file-${file.id}`}
                    name="fileIds"
                    value={file.id}
                    defaultChecked
                    aria-describedby={file.metadataRemoved ? undefined : `${id}-file-${file.id}-warning`}
                  />
                  <label htmlFor={`${id}-file-${file.id}`} className="choice__text">
                    <span className="choice__label">
                      {messageAt
                        ? t('casework.evidencePack.fileWithMessage', {
                            ...values,
                            date: formatDateTime(messageAt, language),
                          })
                        : t('casework.evidencePack.fileWithReport', values)}
                    </span>
                    {/* A PDF received before PDFs were cleaned (decision 0031) may still name its author. */}
                    {!file.metadataRemoved && (
                      <span id={`${id}-file-${file.id}-warning`} className="choice__description attachment-warning">
                        {t('casework.metadataNotRemoved')}
                      </span>
                    )}
                  </label>
                </div>
              );
            })
          )}
        </fieldset>
        <fieldset className="choice-group">
          <legend className="form-field__label">{t('casework.evidencePack.identityTitle')}</legend>
          <p data-testid="evidence-pack-consent">{consentText}</p>
          {mayIncludeIdentity ? (
            <>
              {consent === 'ask-first' && (
                <div className="choice">
                  <input type="checkbox" id={`${id}-asked`} name="askedReporter" value="yes" />
                  <label htmlFor={`${id}-asked`} className="choice__label">
                    {t('casework.evidencePack.askedReporter')}
                  </label>
                </div>
              )}
              <div className="choice">
                <input
                  type="checkbox"
                  id={`${id}-identity`}
                  name="includeIdentity"
                  value="yes"
                  aria-describedby={`${id}-identity-hint`}
                />
                <label htmlFor={`${id}-identity`} className="choice__text">
                  <span className="choice__label">{t('casework.evidencePack.includeIdentity')}</span>
                  <span id={`${id}-identity-hint`} className="choice__description">
                    {t('casework.evidencePack.includeIdentityHint')}
                  </span>
                </label>
              </div>
            </>
          ) : (
            <p>{t('casework.evidencePack.withheld')}</p>
          )}
        </fieldset>
        <p className="form-field__hint">{t('casework.evidencePack.formatsHint')}</p>
        <div className="evidence-pack-form__actions">
          <button type="submit" className="button button--primary" name="format" value="page" formTarget="_blank">
            {t('casework.evidencePack.openPage')}
          </button>
          <button type="submit" className="button button--secondary" name="format" value="zip">
            {t('casework.evidencePack.downloadZip')}
          </button>
        </div>
      </form>
    </section>
  );
}
