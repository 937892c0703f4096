import { normaliseReceipt } from '@app/core/forms/follow-up';
import type { FollowUpFormAnswer } from '@app/core/forms/plain-forms';
import type { Language } from '@app/locales/languages';
import { useMemo, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { localizedPath } from '../../paths.ts';
import { AltchaField, type AltchaHandle } from '../../shared/forms/altcha-field.tsx';
import { toHookFormErrors } from '../../shared/forms/core-resolver.ts';
import { EnhancedForm, SendButton } from '../../shared/forms/enhanced-form.tsx';
import { WithoutJavaScriptNote } from '../../shared/forms/plain-form.tsx';
import { TextField } from '../../shared/forms/text-fields.tsx';
import { useSubmission } from '../../shared/forms/use-submission.ts';
import { FollowUpFailure } from './follow-up-failure.tsx';

type ReceiptValues = { receipt: string };

/** The codes of the server's own check, so that both speak with the same words. */
const checkReceipt: Resolver<ReceiptValues> = (values) => {
  if (normaliseReceipt(values.receipt)) return { values, errors: {} as Record<string, never> };
  const code = values.receipt.trim() ? 'invalidReceipt' : 'required';
  return { values: {}, errors: { receipt: { type: code, message: code } } };
};

const OWN_ERRORS = ['RECEIPT_NOT_RECOGNISED', 'RATE_LIMITED'] as const;

/**
 * The receipt, checked by the spam check and the server; a right one opens the report. Without
 * JavaScript it posts to the page itself (decision 0021); `answer` is what came back.
 */
export function ReceiptForm({
  onOpened,
  language,
  answer,
  carriedMessage = '',
}: {
  onOpened(): void;
  language: Language;
  answer?: Extract<FollowUpFormAnswer, { state: 'receipt' }>;
  /** A reply not sent because the session ended: sent along, so that it is there once reopened. */
  carriedMessage?: string;
}) {
  const { t } = useTranslation();
  const returnedErrors = useMemo(() => (answer?.errors ? toHookFormErrors(answer.errors) : undefined), [answer]);
  const form = useForm<ReceiptValues>({
    defaultValues: { receipt: answer?.receipt ?? '' },
    errors: returnedErrors,
    resolver: checkReceipt,
  });
  const { isSending, failure, submit } = useSubmission();
  const altcha = useRef<AltchaHandle>(null);
  const failureBox = useRef<HTMLDivElement>(null);

  const send = form.handleSubmit(async ({ receipt }) => {
    const result = await submit('/api/follow-up/open', async () => ({
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ receipt, altcha: (await altcha.current?.takePayload()) ?? '' }),
    }));
    if (!result) return;
    if (result.ok) return onOpened();
    const fieldCode = result.failure.fields?.receipt;
    if (fieldCode) form.setError('receipt', { type: fieldCode, message: fieldCode }, { shouldFocus: true });
    else requestAnimationFrame(() => failureBox.current?.focus());
  });

  return (
    <EnhancedForm
      id="receipt-form"
      className="follow-up-receipt"
      action={`${localizedPath('followUp', language)}#receipt-form`}
      onSubmit={send}
      labelledBy="receipt-form-title"
      initialValues={answer ? { receipt: answer.receipt } : undefined}
    >
      <h2 id="receipt-form-title">{t('followUp.receiptTitle')}</h2>
      <input type="hidden" name="intent" value="open" />
      {carriedMessage && <input type="hidden" name="message" value={carriedMessage} />}
      <FollowUpFailure ref={failureBox} failure={failure ?? answer?.failure} own={OWN_ERRORS} />
      <TextField
        label={t('followUp.receiptLabel')}
        hint={t('followUp.receiptHint')}
        isRequired
        error={form.formState.errors.receipt}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        className="input receipt-input"
        maxLength={40}
        registration={form.register('receipt')}
      />
      <AltchaField ref={altcha} />
      <WithoutJavaScriptNote />
      <div className="form-actions">
        <SendButton label={t('followUp.open')} busyLabel={t('followUp.opening')} isSending={isSending} />
      </div>
    </EnhancedForm>
  );
}
