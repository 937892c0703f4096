import { FOLLOW_UP_MESSAGE_MAX_LENGTH } from '@app/core/forms/follow-up';
import { followUpMessageProblem } from '@app/core/forms/form-rules';
import type { FollowUpFormAnswer } from '@app/core/forms/plain-forms';
import type { Language } from '@app/locales/languages';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { localizedPath } from '../../paths.ts';
import { AttachmentsField } from '../../shared/forms/attachments-field.tsx';
import { EnhancedForm, SendButton } from '../../shared/forms/enhanced-form.tsx';
import { FormField } from '../../shared/forms/form-field.tsx';
import { useSubmissionKey } from '../../shared/forms/submission-key.ts';
import { useSubmission } from '../../shared/forms/use-submission.ts';
import { FollowUpFailure } from './follow-up-failure.tsx';

export type ReplyDraft = { message: string; files: File[] };
export const EMPTY_DRAFT: ReplyDraft = { message: '', files: [] };

const OWN_ERRORS = ['SESSION_ENDED'] as const;

/**
 * The reporter's answer, with files under the report form's rules. The draft lives in the page,
 * so that a session that ended while typing loses nothing: the receipt opens it again.
 */
export function ReplyForm({
  language,
  answer,
  draft,
  onDraftChange,
  onSent,
  onSessionEnded,
}: {
  language: Language;
  /** Without JavaScript (decision 0021): the reply that came back from the server, and why. */
  answer?: Extract<FollowUpFormAnswer, { state: 'reply' }>;
  draft: ReplyDraft;
  onDraftChange(draft: ReplyDraft): void;
  onSent(): void;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { isSending, failure, submit } = useSubmission();
  const submissionKey = useSubmissionKey();
  const isEnhanced = useHydrated();
  const returnedError = answer?.errors?.message;
  const [fieldError, setFieldError] = useState<'required' | 'tooLong' | undefined>(
    returnedError === 'required' || returnedError === 'tooLong' ? returnedError : undefined,
  );
  const returnedFailure = answer?.failure?.code === 'SESSION_ENDED' ? undefined : answer?.failure;
  const fileNames = isEnhanced ? draft.files.map((file) => file.name) : (answer?.fileNames ?? []);
  const [fileError, setFileError] = useState<string>();
  const failureBox = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const length = draft.message.trim().length;

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = followUpMessageProblem(draft.message);
    setFieldError(problem);
    if (problem) return textarea.current?.focus();
    const result = await submit('/api/follow-up/messages', async () => {
      const body = new FormData();
      body.set('payload', JSON.stringify({ message: draft.message }));
      for (const file of draft.files) body.append('attachments', file, file.name);
      return { body, headers: submissionKey.headers() };
    });
    if (!result) return;
    if (result.ok) {
      submissionKey.renew();
      return onSent();
    }
    if (result.failure.code === 'SESSION_ENDED') return onSessionEnded();
    const code = result.failure.fields?.message;
    if (code === 'required' || code === 'tooLong') {
      setFieldError(code);
      return textarea.current?.focus();
    }
    requestAnimationFrame(() => failureBox.current?.focus());
  };

  return (
    <EnhancedForm
      id="reply-form"
      className="follow-up-reply"
      encType="multipart/form-data"
      action={`${localizedPath('followUp', language)}#reply-form`}
      onSubmit={(event) => void send(event)}
      labelledBy={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t('followUp.replyTitle')}</h2>
      <input type="hidden" name="intent" value="reply" />
      <FollowUpFailure ref={failureBox} failure={failure ?? returnedFailure} own={OWN_ERRORS} fileNames={fileNames} />
      <FormField
        label={t('followUp.message')}
        hint={t('followUp.messageHint')}
        isRequired
        error={fieldError ? { type: fieldError, message: fieldError } : undefined}
        errorValues={{ count: FOLLOW_UP_MESSAGE_MAX_LENGTH }}
      >
        {({ inputId, describedBy, isInvalid }) => (
          <>
            <textarea
              ref={textarea}
              id={inputId}
              name="message"
              className="input textarea"
              rows={6}
              value={draft.message}
              onChange={(event) => onDraftChange({ ...draft, message: event.target.value })}
              aria-describedby={[describedBy, `${inputId}-count`].filter(Boolean).join(' ')}
              aria-invalid={isInvalid || undefined}
              aria-required
            />
            <p
              id={`${inputId}-count`}
              className={`form-field__count${length > FOLLOW_UP_MESSAGE_MAX_LENGTH ? ' form-field__count--over' : ''}`}
            >
              {t('forms.characters', { count: length, max: FOLLOW_UP_MESSAGE_MAX_LENGTH })}
            </p>
          </>
        )}
      </FormField>
      <AttachmentsField
        files={draft.files}
        error={fileError}
        name={isEnhanced ? undefined : 'attachments'}
        hint={isEnhanced ? undefined : t('followUp.attachmentsHintWithoutJavaScript')}
        onChange={(files, problem) => {
          onDraftChange({ ...draft, files });
          setFileError(problem ? t(`forms.errors.${problem.code}`, { file: problem.file ?? '' }) : undefined);
        }}
      />
      <div className="form-actions">
        <SendButton label={t('followUp.send')} isSending={isSending} />
      </div>
    </EnhancedForm>
  );
}
