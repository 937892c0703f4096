import type { ReportDetail } from '@app/core/casework/casework-api';
import { ERASURE_REFUSAL_REASONS } from '@app/core/casework/reporter-control';
import { Form } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SelectField } from '../../shared/forms/input-fields.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';

/**
 * The reporter's control on the report's page (decision 0046): each time the report left the
 * organisation, the consent they withdrew, and their request for erasure with the two answers a
 * coordinator can give (erase now, or refuse with a reason the reporter reads).
 */
export function ReporterControlPanel({ report }: { report: ReportDetail }) {
  const { t, language } = useTranslation();
  const control = report.reporterControl;
  if (!control) return null;
  const when = (iso: string) => formatDateTime(iso, language);
  const { erasure } = control;
  const held = Boolean(report.retention?.legalHold);
  return (
    <section className="staff-panel" aria-labelledby="reporter-control-title" data-testid="reporter-control">
      <h2 id="reporter-control-title">{t('casework.reporterControl.title')}</h2>
      {control.consentWithdrawnAt && (
        <div className="staff-alert" data-testid="consent-withdrawn">
          <p>{t('casework.reporterControl.withdrawn', { date: when(control.consentWithdrawnAt) })}</p>
        </div>
      )}
      <h3>{t('casework.reporterControl.sharedTitle')}</h3>
      {control.shared.length === 0 ? (
        <p className="muted">{t('casework.reporterControl.sharedNone')}</p>
      ) : (
        <ul>
          {control.shared.map((item) => (
            <li key={`${item.at}-${item.recipient}`}>
              {t(`casework.reporterControl.shared.${item.kind}.${item.recipient}`, { date: when(item.at) })}{' '}
              {item.identityIncluded
                ? t('casework.reporterControl.identityIncluded')
                : t('casework.reporterControl.identityWithheld')}
            </li>
          ))}
        </ul>
      )}
      {erasure && (
        <>
          <h3>{t('casework.reporterControl.erasureTitle')}</h3>
          {erasure.answer ? (
            <p data-testid="erasure-answer">
              {erasure.answer.outcome === 'erased'
                ? t('casework.reporterControl.erased', { date: when(erasure.answer.at) })
                : t('casework.reporterControl.refused', {
                    date: when(erasure.answer.at),
                    reason: t(`casework.reporterControl.reasons.${erasure.answer.reason}`),
                  })}
            </p>
          ) : (
            <>
              <div className="staff-alert" role="status" data-testid="erasure-request">
                <p>
                  {t('casework.reporterControl.requested', {
                    date: when(erasure.requestedAt),
                    due: when(erasure.answerDueAt),
                  })}
                </p>
              </div>
              {held && <p>{t('casework.reporterControl.heldHint')}</p>}
              <Form method="post" className="staff-form" noValidate>
                <input type="hidden" name="answer" value="erase" />
                <p className="muted">{t('casework.reporterControl.eraseHint')}</p>
                <SubmitButton label={t('casework.reporterControl.erase')} intent="erasure-answer" variant="danger" />
              </Form>
              <Form method="post" className="staff-form" noValidate>
                <input type="hidden" name="answer" value="refuse" />
                <SelectField
                  name="reason"
                  label={t('casework.reporterControl.reasonLabel')}
                  defaultValue={held ? 'legal-hold' : undefined}
                  options={[
                    { value: '', label: t('casework.reporterControl.chooseReason') },
                    ...ERASURE_REFUSAL_REASONS.map((reason) => ({
                      value: reason,
                      label: t(`casework.reporterControl.reasons.${reason}`),
                    })),
                  ]}
                />
                <SubmitButton
                  label={t('casework.reporterControl.refuse')}
                  intent="erasure-answer"
                  variant="secondary"
                />
              </Form>
            </>
          )}
        </>
      )}
    </section>
  );
}
