import { errorMessageKey } from '@app/core/errors/error-codes';
import { forwardRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { SubmitFailure } from './api-client.ts';

/**
 * What went wrong with a submission: the spec's general sentence, then the sentence of the code
 * (every code of the catalogue has one, in every language), which says what to do about it.
 * Field problems are shown by the fields and the error summary, not here.
 */
export const FailureMessage = forwardRef<HTMLDivElement, { failure?: SubmitFailure; fileNames?: string[] }>(
  function FailureMessage({ failure, fileNames = [] }, ref) {
    const { t } = useTranslation();
    const isEnhanced = useHydrated();
    if (!failure || (failure.code === 'VALIDATION_FAILED' && failure.fields)) return null;
    const file = failure.file === undefined ? '' : (fileNames[failure.file] ?? '');
    return (
      // Without JavaScript it arrives in the server's page: `autofocus` takes the focus there.
      // biome-ignore lint/a11y/noAutofocus: the focus goes to what went wrong with the person's own submission
      <div ref={ref} className="form-failure" role="alert" tabIndex={-1} autoFocus={!isEnhanced}>
        <p>{t('forms.submitFailed')}</p>
        <p>{t(errorMessageKey(failure.code), { file })}</p>
      </div>
    );
  },
);
