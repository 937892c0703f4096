import { HONEYPOT_FIELD } from '@app/core/forms/form-rules';
import type { ReportFormAnswer } from '@app/core/forms/plain-forms';
import type { Language } from '@app/locales/languages';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useSite } from '../../lib/use-site.ts';
import { localizedPath } from '../../paths.ts';
import { AltchaField, type AltchaHandle } from '../../shared/forms/altcha-field.tsx';
import { AttachmentsField } from '../../shared/forms/attachments-field.tsx';
import { coreResolver, toHookFormErrors } from '../../shared/forms/core-resolver.ts';
import { EnhancedForm, SendButton } from '../../shared/forms/enhanced-form.tsx';
import { ErrorSummary } from '../../shared/forms/error-summary.tsx';
import { FailureMessage } from '../../shared/forms/failure-message.tsx';
import { focusWhenShown } from '../../shared/forms/focus-when-shown.ts';
import { Honeypot, readHoneypot } from '../../shared/forms/honeypot.tsx';
import { HiddenFields, WithoutJavaScriptNote } from '../../shared/forms/plain-form.tsx';
import { useSubmissionKey } from '../../shared/forms/submission-key.ts';
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
 *
 * Without JavaScript (decision 0021) the same form posts each step to the page's own address: the
 * server checks it and answers with the page (`answer`), the other steps' values in hidden fields,
 * the files chosen at the last step, and the receipt once it is sent. With JavaScript, as soon as
 * React runs, the form checks in the browser and sends to the API with ALTCHA, as before.
 */
export function ReportForm({
  language,
  answer,
  host,
}: {
  language: Language;
  answer?: ReportFormAnswer;
  /** The site's host, for the receipt's follow-up address in the server's HTML. */
  host?: string;
}) {
  const { t } = useTranslation();
  const organisation = useSite()?.organisationName ?? '';
  const isEnhanced = useHydrated();
  const returned = answer?.state === 'editing' ? answer : undefined;
  const returnedErrors = useMemo(() => (returned?.errors ? toHookFormErrors(returned.errors) : undefined), [returned]);
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
    defaultValues: returned?.values ?? EMPTY_REPORT,
    errors: returnedErrors,
    resolver,
    shouldFocusError: false,
  });
  useEffect(() => resolver.preload(), [resolver]);
  const [step, setStep] = useState(returned?.step ?? 0);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const { isSending, isSent, failure, submit, startAgain } = useSubmission();
  const submissionKey = useSubmissionKey();
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  const altcha = useRef<AltchaHandle>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const hasMoved = useRef(false);
  const [receipt, setReceipt] = useState<string | undefined>(answer?.state === 'sent' ? answer.receipt : undefined);
  const [isSentWithoutScript, setIsSentWithoutScript] = useState(answer?.state === 'sent');
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
  const showProblems = () => focusWhenShown(summary);

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
        body.set(HONEYPOT_FIELD, readHoneypot(honeypot));
        for (const file of files) body.append('attachments', file, file.name);
        return { body, headers: submissionKey.headers() };
      });
      if (!result) return;
      if (result.ok) {
        submissionKey.renew();
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

  if (isSent || isSentWithoutScript) {
    return (
      <SuccessPanel
        title={t('reportForm.success')}
        text={t('reportForm.successNext')}
        againLabel={t('reportForm.reportAnother')}
        againHref={localizedPath('incidentReport', language)}
        id="report-form"
        onAgain={() => {
          if (receipt && !isReceiptKept) {
            setShowKeepError(true);
            return;
          }
          form.reset(EMPTY_REPORT);
          setFiles([]);
          setStep(0);
          setReceipt(undefined);
          setIsSentWithoutScript(false);
          startAgain();
        }}
      >
        {receipt && (
          <ReceiptPanel
            receipt={receipt}
            language={language}
            host={host}
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

  const labelOf = (field: string) => {
    if (field === 'termsAccepted') return '';
    const url = /^onlineUrl(\d)$/.exec(field);
    if (url) return t('reportForm.onlineUrl', { number: Number(url[1]) });
    return t(`reportForm.${field}`, { organisation });
  };
  const current = STEPS[step] ?? STEPS[0];
  const isLastStep = step === STEPS.length - 1;
  // Without JavaScript: the fields of the other steps travel as hidden fields, and the step shown.
  const otherValues = isEnhanced
    ? {}
    : Object.fromEntries(
        Object.entries(form.getValues()).filter(([field]) => !(current.fields as readonly string[]).includes(field)),
      );
  const failureShown = failure ?? returned?.failure;
  const hasProblems = current.fields.some((field) => form.formState.errors[field as keyof ReportFormValues]);
  const fileNames = isEnhanced ? files.map((file) => file.name) : (returned?.fileNames ?? []);
  const plainFileError =
    !isEnhanced && returned?.failure && FILE_CODES.has(returned.failure.code)
      ? t(`forms.errors.${returned.failure.code}`, { file: fileNames[returned.failure.file ?? -1] ?? '' })
      : undefined;
  const attachments = (
    <AttachmentsField
      files={files}
      error={fileError ?? plainFileError}
      name={isEnhanced ? undefined : 'attachments'}
      hint={isEnhanced ? undefined : t('reportForm.attachmentsHintWithoutJavaScript')}
      onChange={(nextFiles, problem) => {
        setFiles(nextFiles);
        setFileError(problem ? t(`forms.errors.${problem.code}`, { file: problem.file ?? '' }) : undefined);
      }}
    />
  );
  // The terms' own message says it all; other problems are named by their field's label.
  const labels = Object.fromEntries(current.fields.map((field) => [field, labelOf(field)]));
  return (
    <EnhancedForm
      id="report-form"
      className="report-form"
      encType="multipart/form-data"
      // No #fragment: a page that opens at a fragment skips `autofocus`, which brings the person
      // to the problems, the answer or the next step when the form is sent without JavaScript.
      action={localizedPath('incidentReport', language)}
      onSubmit={send}
      labelledBy="report-step-heading"
      idPrefix="report-"
      initialValues={returned?.values}
    >
      {/* First in the form, before any file: the server keeps file bytes only on the last step. */}
      {!isEnhanced && <input type="hidden" name="step" value={step} />}
      {!isEnhanced && (
        // Enter in a field presses this first button: on to the next step, or send at the last.
        <button
          type="submit"
          name="intent"
          value={isLastStep ? 'send' : 'next'}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        >
          {isLastStep ? t('reportForm.submit') : t('reportForm.next')}
        </button>
      )}
      <StepIndicator current={step} onSelect={goTo} isPlain={!isEnhanced} />
      <h2
        id="report-step-heading"
        ref={heading}
        tabIndex={-1}
        className="step-heading"
        // Without JavaScript, a step the server sends back with no problem starts at its heading
        // (with problems, the summary or the failure takes the focus instead).
        // biome-ignore lint/a11y/noAutofocus: the focus moves to the new step, as it does with JavaScript
        autoFocus={!isEnhanced && returned !== undefined && !failureShown && !hasProblems}
      >
        <span className="step-heading__count">{t('reportForm.stepOf', { step: step + 1, total: STEPS.length })}</span>{' '}
        {t(`reportForm.steps.${current.name}`)}
      </h2>
      <FailureMessage ref={failureBox} failure={failureShown} fileNames={fileNames} />
      <ErrorSummary
        ref={summary}
        errors={form.formState.errors}
        labels={labels}
        order={current.fields}
        onSelect={(field) => form.setFocus(field as keyof ReportFormValues)}
      />
      <div className="step-fields">
        {step === 0 && <PersonalStep form={form} showAll={!isEnhanced} />}
        {step === 1 && (
          <>
            <IncidentStep form={form} showAll={!isEnhanced} />
            {isEnhanced && attachments}
          </>
        )}
        {step === 2 && (
          <>
            <AdditionalStep form={form} language={language} showAll={!isEnhanced} />
            {/* A file input cannot be filled in again by a page: without JavaScript the files are
                chosen at the last step and sent with it. */}
            {!isEnhanced && attachments}
          </>
        )}
      </div>
      {!isEnhanced && (
        <>
          {returned?.submissionKey && <input type="hidden" name="submissionKey" value={returned.submissionKey} />}
          <HiddenFields values={otherValues} />
        </>
      )}
      <Honeypot inputRef={honeypot} />
      {/* Solving starts when the form opens, so the check is usually done by the last step. */}
      <div hidden={step !== STEPS.length - 1}>
        <AltchaField ref={altcha} />
      </div>
      {isLastStep && <WithoutJavaScriptNote />}
      <div className="form-actions">
        {step > 0 && (
          <button
            type={isEnhanced ? 'button' : 'submit'}
            name="intent"
            value="previous"
            className="button button--secondary"
            onClick={isEnhanced ? () => goTo(step - 1) : undefined}
          >
            {t('reportForm.previous')}
          </button>
        )}
        {/* Separate keys: React must not turn the Next button into the Submit button in the middle
            of a click, or that click would send the form. */}
        {step < STEPS.length - 1 ? (
          <button
            key="next"
            type={isEnhanced ? 'button' : 'submit'}
            name="intent"
            value="next"
            className="button button--primary"
            onClick={isEnhanced ? () => void next() : undefined}
          >
            {t('reportForm.next')}
          </button>
        ) : (
          <SendButton key="submit" name="intent" value="send" label={t('reportForm.submit')} isSending={isSending} />
        )}
      </div>
    </EnhancedForm>
  );
}

const FILE_CODES = new Set([
  'FILE_TOO_LARGE',
  'TOO_MANY_FILES',
  'UNSUPPORTED_FILE_TYPE',
  'FILE_TYPE_MISMATCH',
  'UNREADABLE_FILE',
  'ENCRYPTED_PDF',
  'BODY_TOO_LARGE',
]);
