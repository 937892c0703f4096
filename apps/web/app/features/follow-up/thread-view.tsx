import type { FollowUpThread } from '@app/core/forms/follow-up';
import { isolate } from '@app/locales/bidi';
import { formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSite } from '../../lib/use-site.ts';
import { ThreadMessages } from '../../shared/thread/thread-messages.tsx';

/** Where the report stands, in plain words, and the messages, oldest first. */
export function ThreadView({ thread }: { thread: FollowUpThread }) {
  const { t, language } = useTranslation();
  const organisation = useSite()?.organisationName ?? '';
  return (
    <>
      <section className="section follow-up-status" aria-labelledby="status-title">
        <h2 id="status-title" tabIndex={-1}>
          {t('followUp.statusTitle')}
        </h2>
        <p className="muted">{t('followUp.sentOn', { date: formatDay(thread.sentOn, language, 'long') })}</p>
        <p className={`status-badge status-badge--${thread.status}`}>
          <strong>{t(`followUp.status.${thread.status}.label`)}</strong>
        </p>
        <p>{t(`followUp.status.${thread.status}.text`)}</p>
      </section>
      <section className="section" aria-labelledby="thread-title">
        <h2 id="thread-title">{t('followUp.threadTitle')}</h2>
        <ThreadMessages
          messages={thread.messages}
          dateStyle="long"
          from={(message) => (
            <>
              <strong>
                <bdi>
                  {message.author === 'reporter' ? t('followUp.fromYou') : t('followUp.fromUs', { organisation })}
                </bdi>
              </strong>
              {message.author === 'system' && <> · {t('followUp.automatic')}</>}
            </>
          )}
          isNew={(message) => message.isNew}
          newLabel={t('followUp.newMessage')}
          acknowledgement={t('followUp.acknowledgement')}
          supportQuestion={t('followUp.support.question')}
          files={(message) =>
            message.fileNames.length > 0 && (
              <p className="muted">
                {t('followUp.filesSent', {
                  count: message.fileNames.length,
                  names: message.fileNames.map(isolate).join(', '),
                })}
              </p>
            )
          }
        />
      </section>
    </>
  );
}
