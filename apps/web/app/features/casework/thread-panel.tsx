import type { ReportDetail } from '@app/core/casework-api';
import { FOLLOW_UP_MESSAGE_MAX_LENGTH } from '@app/core/follow-up';
import { isLanguage, languageInfo } from '@app/locales/languages';
import { Form } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateTime } from '../../shared/staff/format.ts';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import { AttachmentList } from './attachments-panel.tsx';

/**
 * The thread with the reporter, who reads it on the follow-up page with their receipt: the
 * acknowledgement, staff messages and the reporter's answers with their files.
 */
export function ThreadPanel({ report, replyDraft }: { report: ReportDetail; replyDraft?: string }) {
  const { t, language } = useTranslation();
  const reporterLanguage = isLanguage(report.language) ? languageInfo(report.language).nativeName : report.language;
  return (
    <section className="staff-panel" aria-labelledby="thread-title">
      <h2 id="thread-title" tabIndex={-1}>
        {t('casework.thread.title')}
      </h2>
      {!report.thread ? (
        <p>{t('casework.thread.noReceipt')}</p>
      ) : (
        <>
          <p className="muted">{t('casework.thread.intro')}</p>
          <p>{t('casework.thread.language', { language: reporterLanguage })}</p>
          <ol className="thread">
            {report.thread.messages.map((message) => (
              <li key={message.id} className={`thread__message thread__message--${message.author}`}>
                <p className="thread__meta">
                  <strong>
                    {message.author === 'reporter'
                      ? t('casework.thread.fromReporter')
                      : message.author === 'staff'
                        ? t('casework.thread.fromStaff', { name: message.staffName ?? '' })
                        : t('casework.thread.automatic')}
                  </strong>
                  {' · '}
                  <bdi>
                    <time dateTime={message.at}>{formatDateTime(message.at, language)}</time>
                  </bdi>
                  {message.isUnread && <span className="thread__new"> {t('casework.thread.unread')}</span>}
                </p>
                <p className="user-text" dir={message.body ? 'auto' : undefined}>
                  {message.body ?? t('casework.thread.acknowledgement')}
                </p>
                {message.attachments.length > 0 && (
                  <>
                    <p className="muted">{t('casework.thread.files', { count: message.attachments.length })}</p>
                    <AttachmentList reportId={report.id} files={message.attachments} />
                  </>
                )}
              </li>
            ))}
          </ol>
          <Form method="post" className="staff-form" noValidate key={report.thread.messages.length}>
            <div className="form-field">
              <label htmlFor="reply" className="form-field__label">
                {t('casework.thread.reply')}
              </label>
              <p id="reply-hint" className="form-field__hint">
                {t('casework.thread.replyHint')}
              </p>
              <textarea
                id="reply"
                name="reply"
                className="input textarea"
                rows={5}
                maxLength={FOLLOW_UP_MESSAGE_MAX_LENGTH}
                defaultValue={replyDraft}
                aria-describedby="reply-hint"
                dir="auto"
              />
            </div>
            <SubmitButton
              label={t('casework.thread.send')}
              busyLabel={t('casework.thread.send')}
              name="intent"
              value="reply"
            />
          </Form>
        </>
      )}
    </section>
  );
}
