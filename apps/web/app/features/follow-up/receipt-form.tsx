import { normaliseReceipt } from '@app/core/follow-up';
import { useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { AltchaField, type AltchaHandle } from '../../shared/forms/altcha-field.tsx';
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

/** The receipt, checked by the spam check and the server; a right one opens the report. */
export function ReceiptForm({ onOpened }: { onOpened(): void }) {
  const { t } = useTranslation();
  const form = useForm<ReceiptValues>({ defaultValues: { receipt: '' }, resolver: checkReceipt });
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
    <form className="follow-up-receipt" noValidate onSubmit={send} aria-labelledby="receipt-form-title">
      <h2 id="receipt-form-title">{t('followUp.receiptTitle')}</h2>
      <FollowUpFailure ref={failureBox} failure={failure} own={OWN_ERRORS} />
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
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSending} aria-busy={isSending}>
          {isSending ? t('followUp.opening') : t('followUp.open')}
        </button>
      </div>
    </form>
  );
}
