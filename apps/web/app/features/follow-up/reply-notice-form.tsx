import {
  REPLY_NOTICE_ADDRESS_MAX_LENGTH,
  REPLY_NOTICE_SENDERS,
  type ReplyNoticeSender,
} from '@app/core/forms/reply-notice-options';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * The reply notice on the follow-up page (decision 0041): an address told only that a new message
 * waits, under a neutral sender name, with the warning about shared mailboxes; or, once on, the
 * way to turn it off. Plain forms: they work without JavaScript and keep nothing in the page.
 */
export function ReplyNoticeForm({
  language,
  sender,
  result,
  error,
}: {
  language: string;
  sender: ReplyNoticeSender | null;
  result?: 'on' | 'off';
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <section className="section" aria-labelledby="reply-notice-title">
      <h2 id="reply-notice-title">{t('followUp.notice.title')}</h2>
      {result && (
        <p className="form-success" role="status">
          {result === 'on' ? t('followUp.notice.turnedOn') : t('followUp.notice.turnedOff')}
        </p>
      )}
      {sender ? (
        <form method="post" action="/api/follow-up/reply-notice">
          <p>{t('followUp.notice.isOn', { sender: t(`followUp.notice.senders.${sender}`) })}</p>
          <input type="hidden" name="language" value={language} />
          <button type="submit" name="intent" value="stop" className="button button--secondary">
            {t('followUp.notice.stop')}
          </button>
        </form>
      ) : (
        <form method="post" action="/api/follow-up/reply-notice" noValidate>
          <p>{t('followUp.notice.intro')}</p>
          <p className="notice">{t('followUp.notice.sharedMailbox')}</p>
          <input type="hidden" name="language" value={language} />
          <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-address`}>
              {t('followUp.notice.address')}
            </label>
            {error === 'NOTICE_ADDRESS_INVALID' && (
              <p id={errorId} className="form-field__error">
                {t(`followUp.errors.${error}`)}
              </p>
            )}
            <input
              id={`${id}-address`}
              className="input"
              type="email"
              name="address"
              autoComplete="email"
              dir="ltr"
              maxLength={REPLY_NOTICE_ADDRESS_MAX_LENGTH}
              aria-invalid={error === 'NOTICE_ADDRESS_INVALID' ? true : undefined}
              aria-describedby={error === 'NOTICE_ADDRESS_INVALID' ? errorId : undefined}
            />
          </div>
          <fieldset className="choice-group choice-group--inline">
            <legend className="form-field__label">{t('followUp.notice.sender')}</legend>
            <div className="choice-group__options">
              {REPLY_NOTICE_SENDERS.map((option, index) => (
                <label key={option} className="choice">
                  <input type="radio" name="sender" value={option} defaultChecked={index === 0} />
                  <span className="choice__text">
                    <span className="choice__label">{t(`followUp.notice.senders.${option}`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" name="intent" value="set" className="button">
            {t('followUp.notice.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
