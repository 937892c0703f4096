import type { Language } from '@app/locales/languages';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSite } from '../../lib/use-site.ts';
import { AltchaField, type AltchaHandle } from '../../shared/forms/altcha-field.tsx';
import { AttachmentsField } from '../../shared/forms/attachments-field.tsx';
import { coreResolver } from '../../shared/forms/core-resolver.ts';
import { ErrorSummary } from '../../shared/forms/error-summary.tsx';
import { FailureMessage } from '../../shared/forms/failure-message.tsx';
import { Honeypot, readHoneypot } from '../../shared/forms/honeypot.tsx';
import { SuccessPanel } from '../../shared/forms/success-panel.tsx';
import { useSubmission } from '../../shared/forms/use-submission.ts';
import { useUnsavedChanges } from '../../shared/forms/use-unsaved-changes.ts';
import { ReceiptPanel } from './receipt-panel.tsx';
import { AdditionalStep, IncidentStep, PersonalStep } from './report-steps.tsx';
import { EMPTY_REPORT, type ReportFormValues, STEPS, stepOfFirstError, toReportInput } from './report-values.ts';
import { StepIndicator } from './step-indicator.tsx';

/**
 * The incident report in three steps. Each step is checked (with the server's own rules) before
 * the next; nothing typed is ever thrown away, whatever goes wrong, until the report is accepted.
 */
export function ReportForm({ language }: { language: Language }) {
  const { t } = useTranslation();
  const organisation = useSite()?.organisationName ?? '';
  const resolver = useMemo(
    () =>
      coreResolver(() =>
        import('./report-validation.ts').then(
          ({ validateReportForm }) =>
            (values: ReportFormValues) =>
              validateReportForm(values, language),
        ),
      ),
    [language],
  );
  const form = useForm<ReportFormValues>({
    defaultValues: EMPTY_REPORT,
    resolver,
    shouldFocusError: false,
  });
  useEffect(() => resolver.preload(), [resolver]);
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const { isSending, isSent, failure, submit, startAgain } = useSubmission();
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  const altcha = useRef<AltchaHandle>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const hasMoved = useRef(false);
  const [receipt, setReceipt] = useState<string>();
  const [isReceiptKept, setIsReceiptKept] = useState(false);
  const [showKeepError, setShowKeepError] = useState(false);

  // Before sending: do not lose what was typed. After: do not leave without the receipt.
  useUnsavedChanges(
    isSent ? Boolean(receipt) && !isReceiptKept : form.formState.isDirty || files.length > 0,
    isSent ? 'receipt.leaveConfirmation' : undefined,
  );

  // A new step: its heading ("Step 2 of 3, Incident Details") takes the focus and is read out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus follows each change of step.
  useEffect(() => {
    if (hasMoved.current) heading.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    hasMoved.current = true;
    setStep(next);
  };
  const showProblems = () => requestAnimationFrame(() => summary.current?.focus());

  const next = async () => {
    if (await form.trigger(STEPS[step]?.fields ?? [])) goTo(step + 1);
    else showProblems();
  };

  const send = form.handleSubmit(
    async (values) => {
      // A double click sends once: useSubmission ignores a second call while the first is on its way.
      const result = await submit('/api/reports', async () => {
        const body = new FormData();
        body.set('payload', JSON.stringify(toReportInput(values, language)));
        body.set('altcha', (await altcha.current?.takePayload()) ?? '');
        body.set('website', readHoneypot(honeypot));
        for (const file of files) body.append('attachments', file, file.name);
        return { body };
      });
      if (!result) return;
      if (result.ok) {
        const sent = result.body as { receipt?: unknown } | undefined;
        setReceipt(typeof sent?.receipt === 'string' ? sent.receipt : undefined);
        setIsReceiptKept(false);
        setShowKeepError(false);
        return;
      }
      if (result.failure.fields) {
        for (const [field, code] of Object.entries(result.failure.fields)) {
          form.setError(field as keyof ReportFormValues, { type: code, message: code });
        }
        goTo(stepOfFirstError(Object.keys(result.failure.fields)));
      }
      requestAnimationFrame(() => failureBox.current?.focus());
    },
    (errors) => {
      const wrongStep = stepOfFirstError(Object.keys(errors));
      if (wrongStep !== step) goTo(wrongStep);
      showProblems();
    },
  );

  if (isSent) {
    return (
      <SuccessPanel
        title={t('reportForm.success')}
        text={t('reportForm.successNext')}
        againLabel={t('reportForm.reportAnother')}
        onAgain={() => {
          if (receipt && !isReceiptKept) {
            setShowKeepError(true);
            return;
          }
          form.reset(EMPTY_REPORT);
          setFiles([]);
          setStep(0);
          setReceipt(undefined);
          startAgain();
        }}
      >
        {receipt && (
          <ReceiptPanel
            receipt={receipt}
            language={language}
            isKept={isReceiptKept}
            onKeptChange={(kept) => {
              setIsReceiptKept(kept);
              if (kept) setShowKeepError(false);
            }}
            showKeepError={showKeepError}
          />
        )}
      </SuccessPanel>
    );
  }

  const current = STEPS[step] ?? STEPS[0];
  // The terms' own message says it all; other problems are named by their field's label.
  const labels = Object.fromEntries(
    current.fields.map((field) => [field, field === 'termsAccepted' ? '' : t(`reportForm.${field}`, { organisation })]),
  );
  return (
    <form className="report-form" noValidate onSubmit={send} aria-labelledby="report-step-heading">
      <StepIndicator current={step} onSelect={goTo} />
      <h2 id="report-step-heading" ref={heading} tabIndex={-1} className="step-heading">
        <span className="step-heading__count">{t('reportForm.stepOf', { step: step + 1, total: STEPS.length })}</span>{' '}
        {t(`reportForm.steps.${current.name}`)}
      </h2>
      <FailureMessage ref={failureBox} failure={failure} fileNames={files.map((file) => file.name)} />
      <ErrorSummary
        ref={summary}
        errors={form.formState.errors}
        labels={labels}
        order={current.fields}
        onSelect={(field) => form.setFocus(field as keyof ReportFormValues)}
      />
      <div className="step-fields">
        {step === 0 && <PersonalStep form={form} />}
        {step === 1 && (
          <>
            <IncidentStep form={form} />
            <AttachmentsField
              files={files}
              error={fileError}
              onChange={(nextFiles, problem) => {
                setFiles(nextFiles);
                setFileError(problem ? t(`forms.errors.${problem.code}`, { file: problem.file ?? '' }) : undefined);
              }}
            />
          </>
        )}
        {step === 2 && <AdditionalStep form={form} language={language} />}
      </div>
      <Honeypot inputRef={honeypot} />
      {/* Solving starts when the form opens, so the check is usually done by the last step. */}
      <div hidden={step !== STEPS.length - 1}>
        <AltchaField ref={altcha} />
      </div>
      <div className="form-actions">
        {step > 0 && (
          <button type="button" className="button button--secondary" onClick={() => goTo(step - 1)}>
            {t('reportForm.previous')}
          </button>
        )}
        {/* Separate keys: React must not turn the Next button into the Submit button in the middle
            of a click, or that click would send the form. */}
        {step < STEPS.length - 1 ? (
          <button key="next" type="button" className="button button--primary" onClick={() => void next()}>
            {t('reportForm.next')}
          </button>
        ) : (
          <button
            key="submit"
            type="submit"
            className="button button--primary"
            disabled={isSending}
            aria-busy={isSending}
          >
            {isSending ? t('forms.sending') : t('reportForm.submit')}
          </button>
        )}
      </div>
    </form>
  );
}
