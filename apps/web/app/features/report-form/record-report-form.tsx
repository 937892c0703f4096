import { STAFF_RECORDED_SOURCES } from '@app/core/casework/report-sources';
import type { FieldErrors } from '@app/core/errors/field-errors';
import { formatReceipt } from '@app/core/forms/follow-up';
import { REPORT_FORM_FIELDS, type ReportFormValues } from '@app/core/forms/plain-forms';
import { LANGUAGES, type Language } from '@app/locales/languages';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Form, Link } from 'react-router';
import { MessagesScope } from '../../i18n/messages-scope.tsx';
import { RichText } from '../../i18n/rich-text.tsx';
import type { MessageTree } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useSite } from '../../lib/use-site.ts';
import { INTERNAL_PAGES, localizedPath } from '../../paths.ts';
import { toHookFormErrors } from '../../shared/forms/core-resolver.ts';
import { ErrorSummary } from '../../shared/forms/error-summary.tsx';
import { focusWhenShown } from '../../shared/forms/focus-when-shown.ts';
import { FieldScope } from '../../shared/forms/form-field.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import { printReceipt } from './receipt-panel.tsx';
import { AdditionalStep, IncidentStep, PersonalStep } from './report-steps.tsx';
import { EMPTY_REPORT } from './report-values.ts';

/** What the page's form sends beside the web form's fields (decision 0051). */
export type RecordedFormValues = {
  report: ReportFormValues;
  source: string;
  /** The person's language: the follow-up page's and the thread's. */
  language: string;
  receipt: 'yes' | 'no';
};

/** The page's answer to its form: the form back with its problems, or the report recorded. */
export type RecordReportAnswer =
  | { state: 'editing'; values: RecordedFormValues; errors: FieldErrors }
  | {
      state: 'recorded';
      reportId: string;
      receipt: string | null;
      language: Language;
      host: string;
      /** The receipt's words in the person's language (`receipt.*` of the forms' messages), for the slip. */
      slip: MessageTree;
    };

const EXTRA_FIELDS = ['source', 'language', 'receipt'] as const;

/**
 * A report that came by phone, in person, e-mail… written down by a coordinator (decision 0051): the
 * web form's own fields, in the same three parts, read out to the person as they are written; the
 * channel; the person's language; whether they want a receipt. A plain POST form: it works without
 * JavaScript, and the server checks it with the web form's rules.
 */
export function RecordReportForm({ answer, staffLanguage }: { answer?: RecordReportAnswer; staffLanguage: Language }) {
  const { t } = useTranslation();
  const isEnhanced = useHydrated();
  const returned = answer?.state === 'editing' ? answer : undefined;
  const errors = returned?.errors ?? {};
  const hookErrors = useMemo(() => (returned ? toHookFormErrors(returned.errors) : undefined), [returned]);
  const form = useForm<ReportFormValues>({
    defaultValues: returned?.values.report ?? EMPTY_REPORT,
    errors: hookErrors,
    shouldFocusError: false,
  });
  const id = useId();
  const summary = useRef<HTMLDivElement>(null);
  // The server's problems arrive in a new answer: the list of them takes the focus (without
  // JavaScript the summary's own autofocus does it), else the person stays at the button below.
  useEffect(() => {
    if (returned) focusWhenShown(summary);
  }, [returned]);
  const values = returned?.values;
  const personLanguage = (values?.language ?? staffLanguage) as Language;
  const organisation = useSite()?.organisationName ?? '';
  // The web form's own labels (the terms' message says it all), and the page's three fields.
  const labelOf = (field: string) => {
    if (field === 'termsAccepted') return '';
    if ((EXTRA_FIELDS as readonly string[]).includes(field)) return t(`recordReport.fields.${field}`);
    const url = /^onlineUrl(\d)$/.exec(field);
    if (url) return t('reportForm.onlineUrl', { number: Number(url[1]) });
    return t(`reportForm.${field}`, { organisation });
  };
  const labels = Object.fromEntries([...EXTRA_FIELDS, ...REPORT_FORM_FIELDS].map((field) => [field, labelOf(field)]));
  const extraError = (field: (typeof EXTRA_FIELDS)[number]) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="form-field__error">
        {t(`validation.${errors[field]}`)}
      </p>
    ) : null;
  return (
    <FieldScope idPrefix="record-" initialValues={returned?.values.report}>
      <Form method="post" className="staff-form record-report" noValidate>
        <ErrorSummary
          ref={summary}
          errors={hookErrors ?? {}}
          labels={labels}
          order={[...EXTRA_FIELDS, ...REPORT_FORM_FIELDS]}
          onSelect={(field) => document.getElementById(`record-${field}`)?.focus()}
        />
        <section className="staff-panel" aria-labelledby={`${id}-channel`}>
          <h2 id={`${id}-channel`}>{t('recordReport.channelTitle')}</h2>
          <div className={`form-field${errors.source ? ' form-field--invalid' : ''}`}>
            <label htmlFor="record-source" className="form-field__label">
              {t('recordReport.fields.source')}
            </label>
            {extraError('source')}
            <select
              id="record-source"
              name="source"
              className="input select"
              required
              defaultValue={values?.source ?? ''}
              aria-invalid={errors.source ? true : undefined}
              aria-describedby={errors.source ? `${id}-source-error` : undefined}
            >
              <option value="">{t('recordReport.choose')}</option>
              {STAFF_RECORDED_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {t(`casework.sources.${source}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={`form-field${errors.language ? ' form-field--invalid' : ''}`}>
            <label htmlFor="record-language" className="form-field__label">
              {t('recordReport.fields.language')}
            </label>
            <p id={`${id}-language-hint`} className="form-field__hint">
              {t('recordReport.languageHint')}
            </p>
            {extraError('language')}
            <select
              id="record-language"
              name="language"
              className="input select"
              defaultValue={personLanguage}
              aria-describedby={`${id}-language-hint`}
            >
              {LANGUAGES.map(({ code, nativeName }) => (
                <option key={code} value={code} lang={code}>
                  {nativeName}
                </option>
              ))}
            </select>
          </div>
          <p>{t('recordReport.readOut')}</p>
        </section>
        <section className="staff-panel" aria-labelledby={`${id}-personal`}>
          <h2 id={`${id}-personal`}>{t('reportForm.steps.personal')}</h2>
          <PersonalStep form={form} showAll={!isEnhanced} />
        </section>
        <section className="staff-panel" aria-labelledby={`${id}-incident`}>
          <h2 id={`${id}-incident`}>{t('reportForm.steps.incident')}</h2>
          <IncidentStep form={form} showAll={!isEnhanced} />
        </section>
        <section className="staff-panel" aria-labelledby={`${id}-additional`}>
          <h2 id={`${id}-additional`}>{t('reportForm.steps.additional')}</h2>
          <AdditionalStep
            form={form}
            language={personLanguage}
            showAll={!isEnhanced}
            termsLabel={t('recordReport.termsTold')}
          />
        </section>
        <section className="staff-panel" aria-labelledby={`${id}-receipt`}>
          <h2 id={`${id}-receipt`}>{t('recordReport.receiptTitle')}</h2>
          <fieldset
            className={`choice-group${errors.receipt ? ' form-field--invalid' : ''}`}
            aria-describedby={`${id}-receipt-hint${errors.receipt ? ` ${id}-receipt-error` : ''}`}
            aria-invalid={errors.receipt ? true : undefined}
          >
            <legend className="form-field__label">{t('recordReport.fields.receipt')}</legend>
            <p id={`${id}-receipt-hint`} className="form-field__hint">
              {t('recordReport.receiptHint')}
            </p>
            {extraError('receipt')}
            <div className="choice-group__options">
              {(['yes', 'no'] as const).map((choice) => (
                <label className="choice" key={choice}>
                  <input
                    // The first choice carries the field's id: the summary's entry leads there.
                    id={choice === 'yes' ? 'record-receipt' : undefined}
                    type="radio"
                    name="receipt"
                    value={choice}
                    defaultChecked={(values?.receipt ?? 'no') === choice}
                  />
                  <span className="choice__text">
                    <span className="choice__label">{t(`recordReport.receiptChoices.${choice}`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </section>
        <SubmitButton label={t('recordReport.submit')} busyLabel={t('recordReport.submitting')} />
      </Form>
    </FieldScope>
  );
}

/**
 * The report recorded: a link to its page and, when the person wanted one, their receipt, shown
 * this once. Large, in groups of four to read out group by group, with the follow-up address in
 * the person's language, and a print button that prints the receipt alone to hand over.
 */
export function RecordedReport({ answer }: { answer: Extract<RecordReportAnswer, { state: 'recorded' }> }) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert tone="success">
        <p>{t('recordReport.recorded')}</p>
        <p>
          <Link to={`${INTERNAL_PAGES.reports}/${answer.reportId}`}>{t('recordReport.openReport')}</Link>
        </p>
      </FormAlert>
      {answer.receipt === null ? (
        <p>{t('recordReport.noReceipt')}</p>
      ) : (
        <section className="staff-panel">
          <p>{t('recordReport.receiptOnce')}</p>
          <MessagesScope messages={answer.slip}>
            <ReceiptSlip answer={answer} receipt={answer.receipt} />
          </MessagesScope>
        </section>
      )}
      <p>
        <Link className="button button--secondary" to={INTERNAL_PAGES.recordReport} reloadDocument>
          {t('recordReport.another')}
        </Link>
      </p>
    </>
  );
}

/** The slip handed to the person: in their language and direction, printed alone. */
function ReceiptSlip({
  answer,
  receipt,
}: {
  answer: Extract<RecordReportAnswer, { state: 'recorded' }>;
  receipt: string;
}) {
  const { t } = useTranslation();
  const organisation = useSite()?.organisationName ?? '';
  const isEnhanced = useHydrated();
  const id = useId();
  const dir = LANGUAGES.find(({ code }) => code === answer.language)?.dir ?? 'ltr';
  const groups = formatReceipt(receipt).split(' ');
  return (
    <section className="receipt-card" aria-labelledby={`${id}-title`} lang={answer.language} dir={dir}>
      <p className="receipt-card__print-heading">{t('receipt.printHeading', { organisation })}</p>
      <h2 id={`${id}-title`}>{t('receipt.title')}</h2>
      {/* Read out group by group; a screen reader reads it digit by digit. */}
      <p className="visually-hidden">
        {t('receipt.label')}: {receipt.split('').join(' ')}
      </p>
      {/* Two pairs of groups: on a phone it wraps two by two, never three and one. */}
      <p className="receipt-card__code" dir="ltr" aria-hidden="true" translate="no" data-receipt="">
        <span>
          <span>{groups[0]}</span> <span>{groups[1]}</span>
        </span>{' '}
        <span>
          <span>{groups[2]}</span> <span>{groups[3]}</span>
        </span>
      </p>
      <p>
        <RichText
          template={t('receipt.whereToUse')}
          values={{ address: `${answer.host}${localizedPath('followUp', answer.language)}` }}
          components={{ link: (text) => <span dir="ltr">{text}</span> }}
        />
      </p>
      <p className="receipt-card__warning">
        <strong>{t('receipt.warning')}</strong>
      </p>
      {isEnhanced && (
        <div className="receipt-card__actions">
          <button type="button" className="button button--secondary" onClick={printReceipt}>
            {t('receipt.print')}
          </button>
        </div>
      )}
    </section>
  );
}
