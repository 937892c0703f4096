import { SUPPORT_RATINGS, SUPPORT_WORDS_MAX_LENGTH, type SupportQuestionView } from '@app/core/casework/support';
import { errorMessageKey } from '@app/core/errors/error-codes';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The refusals the support form shows on its own fields. */
export type SupportAnswerError = 'SUPPORT_RATING_REQUIRED' | 'SUPPORT_WORDS_TOO_LONG' | 'SUPPORT_NOT_OPEN';

/**
 * The support question (decision 0053), once the case closed: did you get the help you needed?
 * An answer 1 to 5 and words if they wish, once. A plain form to the server, which comes back to
 * this page: it works without JavaScript and loads nothing (no schema in the browser).
 */
export function SupportQuestion({
  support,
  language,
  answered,
  error,
}: {
  support: SupportQuestionView;
  language: string;
  /** Back from the form: the answer was kept. */
  answered: boolean;
  error?: SupportAnswerError;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ratingError = error === 'SUPPORT_RATING_REQUIRED' || error === 'SUPPORT_NOT_OPEN';
  return (
    <section className="section" id="support-question" aria-labelledby={`${id}-title`} data-testid="support-question">
      <h2 id={`${id}-title`}>{t('followUp.support.title')}</h2>
      {support.rating !== null ? (
        <p
          className={answered ? 'form-success' : undefined}
          role={answered ? 'status' : undefined}
          data-testid="support-answered"
        >
          {t('followUp.support.thanks', { rating: support.rating })}
        </p>
      ) : (
        <form method="post" action="/api/follow-up/support-answer" noValidate>
          <input type="hidden" name="language" value={language} />
          <fieldset className={`form-field choice-group${ratingError ? ' form-field--invalid' : ''}`}>
            <legend className="form-field__label">{t('followUp.support.question')}</legend>
            <p className="form-field__hint" id={`${id}-hint`}>
              {t('followUp.support.hint')}
            </p>
            {ratingError && (
              <p id={`${id}-error`} className="form-field__error">
                {t(errorMessageKey(`followUp.${error}`))}
              </p>
            )}
            {SUPPORT_RATINGS.map((rating) => (
              <label className="choice" key={rating}>
                <input
                  type="radio"
                  name="rating"
                  value={rating}
                  aria-invalid={ratingError || undefined}
                  aria-describedby={ratingError ? `${id}-error` : `${id}-hint`}
                />
                <span className="choice__text">
                  <span className="choice__label">{t(`followUp.support.ratings.${rating}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className={`form-field${error === 'SUPPORT_WORDS_TOO_LONG' ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-words`}>
              {t('followUp.support.words')}
            </label>
            {error === 'SUPPORT_WORDS_TOO_LONG' && (
              <p id={`${id}-words-error`} className="form-field__error">
                {t(errorMessageKey('followUp.SUPPORT_WORDS_TOO_LONG'))}
              </p>
            )}
            <textarea
              id={`${id}-words`}
              name="words"
              rows={3}
              dir="auto"
              maxLength={SUPPORT_WORDS_MAX_LENGTH}
              aria-invalid={error === 'SUPPORT_WORDS_TOO_LONG' || undefined}
            />
          </div>
          <button type="submit" className="button">
            {t('followUp.support.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
