import { forwardRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { SubmitFailure } from './api-client.ts';

const EXPLAINED = new Set([
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'ALTCHA_FAILED',
  'FILE_TOO_LARGE',
  'TOO_MANY_FILES',
  'UNSUPPORTED_FILE_TYPE',
  'FILE_TYPE_MISMATCH',
  'UNREADABLE_FILE',
  'BODY_TOO_LARGE',
]);

/**
 * What went wrong with a submission: the spec's general sentence, and when we know more, what to
 * do about it. Field problems are shown by the fields and the error summary, not here.
 */
export const FailureMessage = forwardRef<HTMLDivElement, { failure?: SubmitFailure; fileNames?: string[] }>(
  function FailureMessage({ failure, fileNames = [] }, ref) {
    const { t } = useTranslation();
    if (!failure || failure.code === 'VALIDATION_FAILED') return null;
    const file = failure.file === undefined ? '' : (fileNames[failure.file] ?? '');
    return (
      <div ref={ref} className="form-failure" role="alert" tabIndex={-1}>
        <p>{t('forms.submitFailed')}</p>
        {EXPLAINED.has(failure.code) && <p>{t(`forms.errors.${failure.code}`, { file })}</p>}
      </div>
    );
  },
);
