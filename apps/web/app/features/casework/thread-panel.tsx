import type { ReportDetail } from '@app/core/casework/casework-api';
import { FOLLOW_UP_MESSAGE_MAX_LENGTH } from '@app/core/forms/follow-up';
import { isolate } from '@app/locales/bidi';
import { isLanguage, languageInfo } from '@app/locales/languages';
import { Form } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LongTextField } from '../../shared/forms/input-fields.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import { ThreadMessages } from '../../shared/thread/thread-messages.tsx';
import { AttachmentList } from './attachments-panel.tsx';

/**
 * The thread with the reporter, who reads it on the follow-up page with their receipt: the
 * acknowledgement, staff messages and the reporter's answers with their files.
 */
export function ThreadPanel({ report, replyDraft }: { report: ReportDetail; replyDraft?: string }) {
  const { t } = useTranslation();
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
          <ThreadMessages
            messages={report.thread.messages}
            dateStyle="medium"
            from={(message) => (
              <strong>
                {message.author === 'reporter'
                  ? t('casework.thread.fromReporter')
                  : message.author === 'staff'
                    ? t('casework.thread.fromStaff', { name: isolate(message.staffName ?? '') })
                    : message.systemText === 'support-question'
                      ? t('support.thread.automatic')
                      : t('casework.thread.automatic')}
              </strong>
            )}
            isNew={(message) => message.isUnread}
            newLabel={t('casework.thread.unread')}
            acknowledgement={t('casework.thread.acknowledgement')}
            supportQuestion={t('support.thread.question')}
            files={(message) =>
              message.attachments.length > 0 && (
                <>
                  <p className="muted">{t('casework.thread.files', { count: message.attachments.length })}</p>
                  <AttachmentList reportId={report.id} files={message.attachments} />
                </>
              )
            }
          />
          <Form method="post" className="staff-form" noValidate key={report.thread.messages.length}>
            <LongTextField
              id="reply"
              name="reply"
              label={t('casework.thread.reply')}
              hint={t('casework.thread.replyHint')}
              rows={5}
              maxLength={FOLLOW_UP_MESSAGE_MAX_LENGTH}
              defaultValue={replyDraft}
              dir="auto"
            />
            <SubmitButton label={t('casework.thread.send')} intent="reply" />
          </Form>
        </>
      )}
    </section>
  );
}
