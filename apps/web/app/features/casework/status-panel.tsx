import type { ReportDetail } from '@app/core/casework/casework-api';
import { REJECTION_REASONS } from '@app/core/casework/report-workflow';
import { PROVINCES } from '@app/core/casework/statuses';
import { Form } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InputField, SelectField } from '../../shared/forms/input-fields.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import { ArrondissementField } from './place-fields.tsx';

/** The status, the allowed next steps (each its own small form), and the history of changes. */
export function StatusPanel({ report }: { report: ReportDetail }) {
  const { t, language } = useTranslation();
  const status = (value: string) => t(`reportStatus.${value}`);
  return (
    <section className="staff-panel" aria-labelledby="status-title">
      <h2 id="status-title">{t('casework.decisionTitle')}</h2>
      <p>
        <strong>{t('casework.currentStatus', { status: status(report.status) })}</strong>
      </p>
      {report.rejectionReason && (
        <p>{t('casework.rejectedBecause', { reason: t(`casework.reasons.${report.rejectionReason}`) })}</p>
      )}
      {report.allowedTransitions.map((to) => (
        <Form method="post" key={to} className="staff-form status-form" noValidate>
          <input type="hidden" name="to" value={to} />
          {/* The status this page shows: if someone changed it meanwhile, the change is refused. */}
          <input type="hidden" name="from" value={report.status} />
          {to === 'verified' && (
            <>
              {/* Decision 0044: the server refuses to verify an incident without a category. */}
              {!report.incident.classification.category && (
                <p className="form-field__hint">
                  <a href="#classification">{t('casework.errors.classifyFirst')}</a>
                </p>
              )}
              <InputField
                label={t('casework.municipality')}
                hint={t('casework.municipalityHint')}
                name="municipality"
                defaultValue={report.municipality ?? ''}
                maxLength={80}
              />
              <SelectField
                label={t('casework.province')}
                name="province"
                defaultValue={report.province ?? ''}
                options={PROVINCES.map((province) => ({ value: province, label: t(`casework.provinces.${province}`) }))}
              />
              <ArrondissementField defaultValue={report.arrondissement ?? ''} />
            </>
          )}
          {to === 'rejected' && (
            // No "duplicate": a report that repeats another is linked into its incident (decision 0037).
            <SelectField
              label={t('casework.reason')}
              name="reason"
              options={[
                { value: '', label: '—' },
                ...REJECTION_REASONS.map((reason) => ({ value: reason, label: t(`casework.reasons.${reason}`) })),
              ]}
            />
          )}
          <SubmitButton
            label={t('casework.moveToAction', { status: status(to) })}
            intent={`status-${to}`}
            variant={to === 'rejected' ? 'danger' : 'primary'}
          />
        </Form>
      ))}
      <h3>{t('casework.historyTitle')}</h3>
      {report.history.length === 0 ? (
        <p>{t('casework.noHistory')}</p>
      ) : (
        <ol className="history-list">
          {report.history.map((step) => (
            <li key={step.at + step.to}>
              {formatDateTime(step.at, language)}:{' '}
              {t('casework.historyEntry', { from: status(step.from), to: status(step.to) })}
              {step.reason && ` (${t(`casework.reasons.${step.reason}`)})`}
              {step.actor && ` ${t('casework.by', { name: step.actor })}`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
