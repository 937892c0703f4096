import type { ReportDetail, StaffThreadMessage } from '@app/core/casework/casework-api';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../i18n/dates.ts';
import { formatFileSize } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The evidence pack form's choices (features/casework/evidence-pack-panel.tsx), one fieldset each. */

const EXCERPT_LENGTH = 90;

function ChoiceFieldset({ legend, className, children }: { legend: string; className?: string; children: ReactNode }) {
  return (
    <fieldset className={className ? `choice-group ${className}` : 'choice-group'}>
      <legend className="form-field__label">{legend}</legend>
      {children}
    </fieldset>
  );
}

type RadioOption = { value: string; label: string; lang?: string };

/** Radio buttons of one name, `checked` chosen at first; ids are `${idPrefix}-${value}`. */
function RadioOptions({
  idPrefix,
  name,
  options,
  checked,
}: {
  idPrefix: string;
  name: string;
  options: RadioOption[];
  checked: string;
}) {
  return (
    <div className="choice-group__options">
      {options.map(({ value, label, lang }) => (
        <div key={value} className="choice">
          <input
            type="radio"
            id={`${idPrefix}-${value}`}
            name={name}
            value={value}
            defaultChecked={value === checked}
          />
          <label htmlFor={`${idPrefix}-${value}`} className="choice__label" lang={lang}>
            {label}
          </label>
        </div>
      ))}
    </div>
  );
}

/** A set of radio buttons under its legend. */
export function RadioChoice({ legend, ...options }: { legend: string } & Parameters<typeof RadioOptions>[0]) {
  return (
    <ChoiceFieldset legend={legend}>
      <RadioOptions {...options} />
    </ChoiceFieldset>
  );
}

/** Which of the thread's messages go in: none, all, or those picked below. */
export function MessageChoice({ id, messages }: { id: string; messages: StaffThreadMessage[] }) {
  const { t } = useTranslation();
  const choices = [
    { value: 'none', label: t('casework.evidencePack.messagesNone') },
    { value: 'all', label: t('casework.evidencePack.messagesAll') },
    { value: 'picked', label: t('casework.evidencePack.messagesPicked') },
  ];
  return (
    <>
      <ChoiceFieldset legend={t('casework.evidencePack.messages')}>
        {messages.length === 0 ? (
          <>
            <p>{t('casework.evidencePack.noThread')}</p>
            <input type="hidden" name="messages" value="none" />
          </>
        ) : (
          <RadioOptions idPrefix={`${id}-messages`} name="messages" options={choices} checked="none" />
        )}
      </ChoiceFieldset>
      {messages.length > 0 && (
        <ChoiceFieldset legend={t('casework.evidencePack.pickMessages')} className="evidence-pack-form__picked">
          {messages.map((message) => (
            <PickableMessage key={message.id} id={id} message={message} />
          ))}
        </ChoiceFieldset>
      )}
    </>
  );
}

function PickableMessage({ id, message }: { id: string; message: StaffThreadMessage }) {
  const { t, language } = useTranslation();
  const date = formatDateTime(message.at, language);
  const label =
    message.author === 'reporter'
      ? t('casework.evidencePack.messageFromReporter', { date })
      : message.author === 'staff'
        ? t('casework.evidencePack.messageFromStaff', { date })
        : t('casework.evidencePack.messageAutomatic', { date });
  const excerpt =
    message.body && message.body.length > EXCERPT_LENGTH ? `${message.body.slice(0, EXCERPT_LENGTH)}…` : message.body;
  return (
    <div className="choice">
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
}

type PackableFile = { file: ReportDetail['attachments'][number]; messageAt: string | null };

/** The report's files and the thread's, numbered as the pack numbers them, all ticked at first. */
export function FileChoice({ id, files }: { id: string; files: PackableFile[] }) {
  const { t } = useTranslation();
  return (
    <ChoiceFieldset legend={t('casework.evidencePack.files')}>
      {files.length === 0 ? (
        <p>{t('casework.evidencePack.noFiles')}</p>
      ) : (
        files.map((entry, index) => <PackableFileChoice key={entry.file.id} id={id} entry={entry} number={index + 1} />)
      )}
    </ChoiceFieldset>
  );
}

function PackableFileChoice({
  id,
  entry: { file, messageAt },
  number,
}: {
  id: string;
  entry: PackableFile;
  number: number;
}) {
  const { t, language } = useTranslation();
  const values = { number, size: formatFileSize(file.size, language) };
  return (
    <div className="choice">
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
            ? t('casework.evidencePack.fileWithMessage', { ...values, date: formatDateTime(messageAt, language) })
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
}

/** What the reporter answered about passing their identity on, and the ticks that let it go in. */
export function IdentityChoice({ id, report }: { id: string; report: ReportDetail }) {
  const { t } = useTranslation();
  const consent = report.sharingConsent;
  // "Ask me first", or no answer (which the privacy policy treats the same): no pack before the
  // coordinator records that they asked and were told yes (decision 0048).
  const mustAsk = consent !== 'yes';
  const consentText =
    consent === 'yes'
      ? t('casework.evidencePack.consentYes')
      : consent === 'ask-first'
        ? t('casework.evidencePack.consentAskFirst')
        : t('casework.evidencePack.consentNone');
  return (
    <ChoiceFieldset legend={t('casework.evidencePack.identityTitle')}>
      <p data-testid="evidence-pack-consent">{consentText}</p>
      {mustAsk && (
        <div className="choice">
          <input type="checkbox" id={`${id}-asked`} name="askedReporter" value="yes" required />
          <label htmlFor={`${id}-asked`} className="choice__label">
            {t('casework.evidencePack.askedReporter')}
          </label>
        </div>
      )}
      {report.isAnonymous ? (
        <p>{t('casework.evidencePack.anonymous')}</p>
      ) : (
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
      )}
    </ChoiceFieldset>
  );
}
