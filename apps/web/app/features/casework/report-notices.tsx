import type { ReportDetail } from '@app/core/casework/casework-api';
import {
  MUNICIPALITY_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PUBLIC_SUMMARY_MAX_LENGTH,
} from '@app/core/casework/report-workflow';
import { LEGAL_HOLD_REASON_MAX_LENGTH } from '@app/core/casework/retention';
import { FOLLOW_UP_MESSAGE_MAX_LENGTH } from '@app/core/forms/follow-up';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FormAlert } from '../../shared/staff/form-alert.tsx';

/** What a reader must know about the report before its panels: erased, sent unchecked, quarantined. */
export function ReportNotices({ report }: { report: ReportDetail }) {
  const { t, language } = useTranslation();
  return (
    <>
      {report.personalDataErasedAt && (
        <div className="staff-alert">
          <p>
            {t(
              report.reporterControl?.erasure?.answer?.outcome === 'erased'
                ? 'casework.erasedOnRequestNotice'
                : 'casework.erasedNotice',
              { date: formatDateTime(report.personalDataErasedAt, language) },
            )}
          </p>
        </div>
      )}
      {report.spamCheck === 'form-token' && (
        <div className="staff-alert">
          <p>{t('casework.withoutCheckNotice')}</p>
        </div>
      )}
      {report.isQuarantined && (
        <div className="staff-alert">
          <p>{t('casework.quarantinedNotice')}</p>
        </div>
      )}
    </>
  );
}

/** The limit a too-long or missing text was held to, as the count its plural message agrees with. */
function limitOf(error: string) {
  if (error === 'summaryTooLong') return PUBLIC_SUMMARY_MAX_LENGTH;
  if (error === 'municipalityRequired') return MUNICIPALITY_MAX_LENGTH;
  if (error === 'replyTooLong') return FOLLOW_UP_MESSAGE_MAX_LENGTH;
  if (error === 'holdReasonTooLong') return LEGAL_HOLD_REASON_MAX_LENGTH;
  return NOTE_MAX_LENGTH;
}

/**
 * The page's answer to a casework form: the refusal's sentence (`casework.errors.<code>`), or
 * "saved". `at` (when the answer was given) renews the alert, so that it is announced again.
 */
export function CaseworkAnswer({ error, saved, at }: { error?: string; saved: boolean; at: number }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <FormAlert key={at} title={t('casework.errors.title')}>
        <p>{t(`casework.errors.${error}`, { count: limitOf(error) })}</p>
      </FormAlert>
    );
  }
  if (!saved) return null;
  return (
    <FormAlert key={at} tone="success">
      <p>{t('casework.saved')}</p>
    </FormAlert>
  );
}
