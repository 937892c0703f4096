import { forwardRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { SubmitFailure } from '../../shared/forms/api-client.ts';
import { FailureMessage } from '../../shared/forms/failure-message.tsx';

/**
 * A failure of the follow-up page: its own sentences for a receipt that opens nothing, for too
 * many wrong receipts and for a session that ended; the forms' general ones for the rest.
 */
export const FollowUpFailure = forwardRef<
  HTMLDivElement,
  { failure?: SubmitFailure; own: readonly string[]; fileNames?: string[] }
>(function FollowUpFailure({ failure, own, fileNames }, ref) {
  const { t } = useTranslation();
  if (!failure || !own.includes(failure.code))
    return <FailureMessage ref={ref} failure={failure} fileNames={fileNames} />;
  return (
    <div ref={ref} className="form-failure" role="alert" tabIndex={-1}>
      <p>{t(`followUp.errors.${failure.code}`)}</p>
    </div>
  );
});
