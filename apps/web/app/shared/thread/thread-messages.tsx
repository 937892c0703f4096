import type { ThreadAuthor } from '@app/core/forms/follow-up';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/** What both readers of a thread get of each message: the staff (casework) and the reporter (follow-up). */
export type ThreadEntry = {
  id: string;
  author: ThreadAuthor;
  /** When it was written (ISO), shown in Belgian time. */
  at: string;
  /** Null for the automatic messages, which the page writes in the reader's language. */
  body: string | null;
  /** Which automatic message (decision 0053): the support question; absent for the acknowledgement. */
  systemText?: 'support-question';
};

/**
 * A report's thread, oldest first, the same list for the staff and the reporter: who wrote it
 * (`from`, in the reader's words), when, whether this reader has not seen it yet (`isNew`), the message in its own direction (or
 * the acknowledgement) and what came with it (`files`).
 */
export function ThreadMessages<Entry extends ThreadEntry>({
  messages,
  from,
  isNew,
  files,
  newLabel,
  acknowledgement,
  supportQuestion,
  dateStyle,
}: {
  messages: Entry[];
  from(message: Entry): React.ReactNode;
  isNew(message: Entry): boolean;
  files(message: Entry): React.ReactNode;
  newLabel: string;
  acknowledgement: string;
  /** The support question asked when the case closed (decision 0053), in the reader's language. */
  supportQuestion: string;
  dateStyle: 'medium' | 'long';
}) {
  const { language } = useTranslation();
  return (
    <ol className="thread">
      {messages.map((message) => (
        <li key={message.id} className={`thread__message thread__message--${message.author}`}>
          <p className="thread__meta">
            {from(message)}
            {' · '}
            <bdi>
              <time dateTime={message.at}>{formatDateTime(message.at, language, dateStyle)}</time>
            </bdi>
            {isNew(message) && <span className="thread__new"> {newLabel}</span>}
          </p>
          <p className="user-text" dir={message.body ? 'auto' : undefined}>
            {message.body ?? (message.systemText === 'support-question' ? supportQuestion : acknowledgement)}
          </p>
          {files(message)}
        </li>
      ))}
    </ol>
  );
}
