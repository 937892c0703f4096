import type { FollowUpThread } from '@app/core/follow-up';
import { dateFormat } from '@app/locales/date-format';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSite } from '../../lib/use-site.ts';

const dateTime = (iso: string, language: string) =>
  dateFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Brussels',
  }).format(new Date(iso));
const day = (isoDay: string, language: string) =>
  dateFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));

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
        <p className="muted">{t('followUp.sentOn', { date: day(thread.sentOn, language) })}</p>
        <p className={`status-badge status-badge--${thread.status}`}>
          <strong>{t(`followUp.status.${thread.status}.label`)}</strong>
        </p>
        <p>{t(`followUp.status.${thread.status}.text`)}</p>
      </section>
      <section className="section" aria-labelledby="thread-title">
        <h2 id="thread-title">{t('followUp.threadTitle')}</h2>
        <ol className="thread">
          {thread.messages.map((message) => (
            <li key={message.id} className={`thread__message thread__message--${message.author}`}>
              <p className="thread__meta">
                <strong>
                  <bdi>
                    {message.author === 'reporter' ? t('followUp.fromYou') : t('followUp.fromUs', { organisation })}
                  </bdi>
                </strong>
                {message.author === 'system' && <> · {t('followUp.automatic')}</>}
                {' · '}
                <bdi>
                  <time dateTime={message.at}>{dateTime(message.at, language)}</time>
                </bdi>
                {message.isNew && <span className="thread__new"> {t('followUp.newMessage')}</span>}
              </p>
              <p className="user-text" dir={message.body ? 'auto' : undefined}>
                {message.body ?? t('followUp.acknowledgement')}
              </p>
              {message.fileNames.length > 0 && (
                <p className="muted">
                  {t('followUp.filesSent', { count: message.fileNames.length, names: message.fileNames.join(', ') })}
                </p>
              )}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
