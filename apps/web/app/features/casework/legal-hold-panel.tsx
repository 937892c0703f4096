import type { ReportDetail } from '@app/core/casework/casework-api';
import { LEGAL_HOLD_REASON_MAX_LENGTH } from '@app/core/casework/retention';
import { isolate } from '@app/locales/bidi';
import { Form } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LongTextField } from '../../shared/forms/input-fields.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';

/**
 * Retention on the report's page (decision 0040): the day its personal data falls due for erasure,
 * or its legal hold with the yearly review, and the forms to set, review and lift the hold.
 */
export function LegalHoldPanel({ report, reasonDraft }: { report: ReportDetail; reasonDraft?: string }) {
  const { t, language } = useTranslation();
  const retention = report.retention;
  if (!retention || report.personalDataErasedAt) return null;
  const hold = retention.legalHold;
  return (
    <section className="staff-panel" aria-labelledby="retention-title">
      <h2 id="retention-title">{t('casework.retention.title')}</h2>
      {hold ? (
        <>
          <p>
            {t('casework.retention.heldSince', {
              date: formatDateTime(hold.setAt, language),
              name: isolate(hold.setBy ?? ''),
            })}
          </p>
          <p className="muted">{t('casework.retention.reason')}</p>
          <p className="user-text">{hold.reason}</p>
          {hold.reviewedAt && (
            <p>{t('casework.retention.reviewedOn', { date: formatDateTime(hold.reviewedAt, language) })}</p>
          )}
          {hold.reviewDue ? (
            <div className="staff-alert" role="status">
              <p>{t('casework.retention.reviewOverdue')}</p>
            </div>
          ) : (
            <p>{t('casework.retention.reviewDueOn', { date: formatDateTime(hold.reviewDueAt, language) })}</p>
          )}
          <Form method="post" className="staff-form" noValidate>
            <SubmitButton label={t('casework.retention.review')} intent="hold-review" variant="secondary" />
          </Form>
          <Form method="post" className="staff-form" noValidate>
            <p className="muted">{t('casework.retention.liftHint')}</p>
            <SubmitButton label={t('casework.retention.lift')} intent="hold-lift" variant="danger" />
          </Form>
        </>
      ) : (
        <>
          <p>
            {retention.erasureDueAt
              ? t('casework.retention.erasureDue', { date: formatDateTime(retention.erasureDueAt, language) })
              : t('casework.retention.notScheduled')}
          </p>
          <p className="muted">{t('casework.retention.quietRule')}</p>
          <Form method="post" className="staff-form" noValidate>
            <LongTextField
              id="hold-reason"
              name="reason"
              label={t('casework.retention.reasonLabel')}
              hint={t('casework.retention.reasonHint')}
              maxLength={LEGAL_HOLD_REASON_MAX_LENGTH}
              defaultValue={reasonDraft}
              rows={3}
            />
            <SubmitButton label={t('casework.retention.set')} intent="hold-set" variant="secondary" />
          </Form>
        </>
      )}
    </section>
  );
}
