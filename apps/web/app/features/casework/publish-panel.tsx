import { DEFAULT_DATE_PRECISION, DEFAULT_PLACE_PRECISION } from '@app/core/casework/arrondissements';
import type { ReportDetail } from '@app/core/casework/casework-api';
import { MUNICIPALITY_MAX_LENGTH, PUBLIC_SUMMARY_MAX_LENGTH } from '@app/core/casework/report-workflow';
import { PROVINCES } from '@app/core/casework/statuses';
import { LANGUAGES } from '@app/locales/languages';
import { Form } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InputField, SelectField } from '../../shared/forms/input-fields.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import { ArrondissementField, PrecisionFields } from './place-fields.tsx';

/** Publishing a verified incident for the public list, with a summary per language. */
export function PublishPanel({ report, draft }: { report: ReportDetail; draft?: Record<string, string> }) {
  const { t, language } = useTranslation();
  const publication = report.publication;
  const value = (name: string, fallback: string) => draft?.[name] ?? fallback;
  return (
    <section className="staff-panel" aria-labelledby="publish-title">
      <h2 id="publish-title">{t('casework.publishTitle')}</h2>
      <p>{t('casework.publishIntro')}</p>
      {publication && (
        <p>
          <strong>{t('casework.publishedOn', { date: formatDateTime(publication.publishedAt, language) })}</strong>
        </p>
      )}
      {report.status !== 'verified' && !publication ? (
        <p className="muted">{t('casework.notVerifiedYet')}</p>
      ) : (
        <>
          <Form method="post" className="staff-form" noValidate>
            <InputField
              label={t('casework.municipality')}
              hint={t('casework.municipalityHint')}
              name="municipality"
              maxLength={MUNICIPALITY_MAX_LENGTH}
              defaultValue={value('municipality', publication?.municipality ?? report.municipality ?? '')}
            />
            <SelectField
              label={t('casework.province')}
              name="province"
              defaultValue={value('province', publication?.province ?? report.province ?? '')}
              options={PROVINCES.map((province) => ({ value: province, label: t(`casework.provinces.${province}`) }))}
            />
            <ArrondissementField
              defaultValue={value('arrondissement', publication?.arrondissement ?? report.arrondissement ?? '')}
            />
            <PrecisionFields
              date={value('datePrecision', publication?.datePrecision ?? DEFAULT_DATE_PRECISION)}
              place={value('placePrecision', publication?.placePrecision ?? DEFAULT_PLACE_PRECISION)}
            />
            <SelectField
              label={t('casework.originalLanguage')}
              name="originalLanguage"
              defaultValue={value('originalLanguage', publication?.originalLanguage ?? report.language)}
              options={LANGUAGES.map((option) => ({ value: option.code, label: option.nativeName }))}
            />
            {LANGUAGES.map((option) => (
              <div className="form-field" key={option.code}>
                <label htmlFor={`summary-${option.code}`} className="form-field__label">
                  {t('casework.summaryIn', { language: option.nativeName })}
                </label>
                <p id={`summary-${option.code}-hint`} className="form-field__hint">
                  {t('casework.summaryHint', { count: PUBLIC_SUMMARY_MAX_LENGTH })}
                </p>
                <textarea
                  id={`summary-${option.code}`}
                  name={`summary-${option.code}`}
                  className="input textarea"
                  rows={3}
                  lang={option.code}
                  dir={option.dir}
                  maxLength={PUBLIC_SUMMARY_MAX_LENGTH}
                  aria-describedby={`summary-${option.code}-hint`}
                  defaultValue={value(`summary-${option.code}`, publication?.summaries[option.code] ?? '')}
                />
              </div>
            ))}
            <SubmitButton
              label={publication ? t('casework.updatePublication') : t('casework.publish')}
              intent="publish"
            />
          </Form>
          {publication && (
            <Form method="post">
              <SubmitButton label={t('casework.unpublish')} intent="unpublish" variant="danger" />
            </Form>
          )}
        </>
      )}
    </section>
  );
}
