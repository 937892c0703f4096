import { ERASURE_ANSWER_WORKING_DAYS, type ReporterRequestKind } from '@app/core/casework/reporter-control';
import { errorMessageKey } from '@app/core/errors/error-codes';
import type { FollowUpThread } from '@app/core/forms/follow-up';
import { useId } from 'react';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * The reporter in control (decision 0046): each time the report left the organisation, to whom,
 * when and whether their identity went; their answer about passing it on, which they may
 * withdraw; and erasure, which they may ask for, with its answer. Plain forms with a tick that
 * says they understand: they work without JavaScript and keep nothing in the page.
 */
export function ReporterControl({
  thread,
  language,
  requested,
  requestError,
}: {
  thread: FollowUpThread;
  language: string;
  /** Back from one of the two forms: what was recorded, or which form lacked its tick. */
  requested?: ReporterRequestKind;
  requestError?: ReporterRequestKind;
}) {
  const { t } = useTranslation();
  const { control, consent } = thread;
  const when = (iso: string) => formatDateTime(iso, language, 'long');
  return (
    <>
      <section className="section" aria-labelledby="shared-title">
        <h2 id="shared-title">{t('followUp.control.sharedTitle')}</h2>
        {control.shared.length === 0 ? (
          <p>{t('followUp.control.sharedNone')}</p>
        ) : (
          <ul className="shared-list" data-testid="shared-list">
            {control.shared.map((item) => (
              <li key={`${item.at}-${item.recipient}`}>
                <strong>{when(item.at)}</strong>
                <br />
                {t(`followUp.control.shared.${item.kind}.${item.recipient}`)}{' '}
                {item.identityIncluded
                  ? t('followUp.control.identityIncluded')
                  : t('followUp.control.identityWithheld')}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="section reporter-choices" id="your-choices" aria-labelledby="choices-title">
        <h2 id="choices-title">{t('followUp.control.choicesTitle')}</h2>
        {requested && (
          <p className="form-success" role="status">
            {t(`followUp.control.recorded.${requested}`)}
          </p>
        )}
        <p>
          {t('followUp.control.yourAnswer', {
            answer: consent ? t(`reportForm.sharingConsents.${consent}.label`) : t('followUp.control.notAsked'),
          })}
        </p>
        {control.consentWithdrawnAt ? (
          <p className="notice" data-testid="consent-withdrawn">
            {t('followUp.control.withdrawnOn', { date: when(control.consentWithdrawnAt) })}
          </p>
        ) : (
          consent !== 'no' && (
            <RequestForm
              kind="withdraw-consent"
              language={language}
              failed={requestError === 'withdraw-consent'}
              summary={t('followUp.control.withdraw.summary')}
              explanation={t('followUp.control.withdraw.explanation')}
              confirm={t('followUp.control.withdraw.confirm')}
              submit={t('followUp.control.withdraw.submit')}
            />
          )
        )}
        {control.erasure ? (
          <ErasureAnswer erasure={control.erasure} when={when} />
        ) : (
          <RequestForm
            kind="erasure"
            language={language}
            failed={requestError === 'erasure'}
            summary={t('followUp.control.erasure.summary')}
            explanation={t('followUp.control.erasure.explanation', { count: ERASURE_ANSWER_WORKING_DAYS })}
            confirm={t('followUp.control.erasure.confirm')}
            submit={t('followUp.control.erasure.submit')}
          />
        )}
      </section>
    </>
  );
}

/** Where the request for erasure stands: waiting (and until when), or its answer. */
function ErasureAnswer({
  erasure,
  when,
}: {
  erasure: NonNullable<FollowUpThread['control']['erasure']>;
  when: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const { answer } = erasure;
  return (
    <p className="notice" data-testid="erasure-state">
      {!answer
        ? t('followUp.control.erasure.waiting', { date: when(erasure.requestedAt), due: when(erasure.answerDueAt) })
        : answer.outcome === 'refused'
          ? t('followUp.control.erasure.refused', {
              date: when(answer.at),
              reason: t(`followUp.control.erasure.reasons.${answer.reason}`),
            })
          : t('followUp.control.erasure.erased', { date: when(answer.at) })}
    </p>
  );
}

/**
 * One of the reporter's requests: folded away until opened (nothing is asked of a reader who only
 * came to read), what it means, a tick that they understand, and the button.
 */
function RequestForm({
  kind,
  language,
  failed,
  summary,
  explanation,
  confirm,
  submit,
}: {
  kind: ReporterRequestKind;
  language: string;
  failed: boolean;
  summary: string;
  explanation: string;
  confirm: string;
  submit: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const action = kind === 'erasure' ? '/api/follow-up/erasure-request' : '/api/follow-up/consent-withdrawal';
  return (
    <details className="reporter-request" open={failed || undefined}>
      <summary>{summary}</summary>
      <form method="post" action={action}>
        <p>{explanation}</p>
        <input type="hidden" name="language" value={language} />
        <div className={`form-field${failed ? ' form-field--invalid' : ''}`}>
          {failed && (
            <p id={`${id}-error`} className="form-field__error">
              {t(errorMessageKey('followUp.CONFIRM_REQUIRED'))}
            </p>
          )}
          <label className="choice">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              aria-invalid={failed || undefined}
              aria-describedby={failed ? `${id}-error` : undefined}
            />
            <span className="choice__text">
              <span className="choice__label">{confirm}</span>
            </span>
          </label>
        </div>
        <button type="submit" className="button button--secondary">
          {submit}
        </button>
      </form>
    </details>
  );
}
