import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import {
  ADDRESS_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  POLICE_REPORT_NUMBER_MAX_LENGTH,
} from '@app/core/forms/limits';
import { ONLINE_URL_FORM_FIELDS } from '@app/core/forms/plain-forms';
import {
  ONLINE_INCIDENT_TYPE,
  ONLINE_PLATFORMS,
  ONLINE_URL_MAX_LENGTH,
  SHARING_CONSENTS,
  THREAT_ANSWERS,
} from '@app/core/forms/report-questions';
import { todayInBelgium } from '@app/core/site/dates';
import type { UseFormReturn } from 'react-hook-form';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSite } from '../../lib/use-site.ts';
import { localizedPath } from '../../paths.ts';
import { CheckboxField, ChoiceGroup, YesNoField } from '../../shared/forms/choice-fields.tsx';
import { FormField, useInitialValue } from '../../shared/forms/form-field.tsx';
import { TextAreaField, TextField } from '../../shared/forms/text-fields.tsx';
import type { ReportFormValues } from './report-values.ts';

type StepProps = {
  form: UseFormReturn<ReportFormValues>;
  /**
   * Without JavaScript nothing appears or disappears as boxes are ticked: every field is there
   * (the server leaves out what an anonymous report or a "no" makes irrelevant).
   */
  showAll?: boolean;
};

export function PersonalStep({ form, showAll = false }: StepProps) {
  const { t } = useTranslation();
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const isAnonymous = watch('anonymous');
  return (
    <>
      <CheckboxField
        label={t('reportForm.anonymous')}
        hint={t('reportForm.anonymousHint')}
        registration={register('anonymous')}
        error={errors.anonymous}
      />
      {(showAll || !isAnonymous) && (
        <div className="field-group">
          <div className="field-row">
            <TextField
              label={t('reportForm.firstName')}
              registration={register('firstName')}
              error={errors.firstName}
              isRequired
              autoComplete="given-name"
              maxLength={NAME_MAX_LENGTH}
            />
            <TextField
              label={t('reportForm.lastName')}
              registration={register('lastName')}
              error={errors.lastName}
              isRequired
              autoComplete="family-name"
              maxLength={NAME_MAX_LENGTH}
            />
          </div>
          <p className="form-field__hint">{t('reportForm.contactHint')}</p>
          <div className="field-row">
            <TextField
              label={t('reportForm.phone')}
              registration={register('phone')}
              error={errors.phone}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              dir="ltr"
              maxLength={PHONE_MAX_LENGTH}
            />
            <TextField
              label={t('reportForm.email')}
              registration={register('email')}
              error={errors.email}
              type="email"
              autoComplete="email"
              dir="ltr"
              maxLength={EMAIL_MAX_LENGTH}
            />
          </div>
          <TextField
            label={t('reportForm.address')}
            registration={register('address')}
            error={errors.address}
            errorValues={{ count: ADDRESS_MAX_LENGTH }}
            // One line (street and number, then postcode and town as people write them): an <input>
            // may not carry "street-address", which HTML allows only on a <textarea>.
            autoComplete="address-line1"
            maxLength={ADDRESS_MAX_LENGTH}
          />
        </div>
      )}
      <p className="privacy-note">{t('reportForm.privacyNote')}</p>
    </>
  );
}

/**
 * For an online incident, where the content is and on which platform (issue 17 §4), optional.
 * With JavaScript it appears when "online" is chosen, and one more address box appears as the last
 * one is filled. Without JavaScript the same is done by CSS (`:has()`, `:placeholder-shown`); a
 * browser without `:has()` shows every box, with the hint that they are for online incidents.
 */
function OnlineEvidence({ form, showAll }: StepProps) {
  const { t } = useTranslation();
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const urls = ONLINE_URL_FORM_FIELDS.map((field) => watch(field));
  const lastFilled = urls.findLastIndex((url) => url.trim() !== '');
  // With JavaScript: the filled boxes and one empty one after them (a box with a problem stays).
  const shown = showAll ? ONLINE_URL_FORM_FIELDS.length : Math.min(ONLINE_URL_FORM_FIELDS.length, lastFilled + 2);
  const initialPlatform = useInitialValue('onlinePlatform');
  return (
    <fieldset className={`online-evidence${showAll ? ' online-evidence--plain' : ''}`}>
      <legend className="form-field__label">
        {t('reportForm.onlineEvidence')}
        <span className="form-field__optional"> ({t('forms.optional')})</span>
      </legend>
      <p className="form-field__hint">
        {t(showAll ? 'reportForm.onlineEvidenceHintPlain' : 'reportForm.onlineEvidenceHint')}
      </p>
      <ol className="online-urls">
        {ONLINE_URL_FORM_FIELDS.map((field, index) =>
          index < shown || errors[field] ? (
            <li key={field} className="online-urls__item">
              <TextField
                label={t('reportForm.onlineUrl', { number: index + 1 })}
                registration={register(field)}
                error={errors[field]}
                errorValues={{ count: ONLINE_URL_MAX_LENGTH }}
                isRequired
                type="url"
                inputMode="url"
                autoComplete="off"
                dir="ltr"
                placeholder="https://"
                maxLength={ONLINE_URL_MAX_LENGTH}
              />
            </li>
          ) : null,
        )}
      </ol>
      <FormField name="onlinePlatform" label={t('reportForm.onlinePlatform')} error={errors.onlinePlatform}>
        {({ inputId, describedBy, isInvalid }) => (
          <select
            id={inputId}
            className="input select"
            aria-describedby={describedBy}
            aria-invalid={isInvalid || undefined}
            {...(typeof initialPlatform === 'string' ? { defaultValue: initialPlatform } : {})}
            {...register('onlinePlatform')}
          >
            <option value="">{t('reportForm.onlinePlatformNone')}</option>
            {ONLINE_PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {t(`onlinePlatforms.${platform}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </fieldset>
  );
}

export function IncidentStep({ form, showAll = false }: StepProps) {
  const { t } = useTranslation();
  const { register, watch, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <div className="field-row">
        <TextField
          label={t('reportForm.date')}
          registration={register('date')}
          error={errors.date}
          type="date"
          max={todayInBelgium()}
          isRequired
        />
        <TextField
          label={t('reportForm.time')}
          hint={t('reportForm.timeHint')}
          registration={register('time')}
          error={errors.time}
          type="time"
        />
      </div>
      <TextField
        label={t('reportForm.location')}
        hint={t('reportForm.locationHint')}
        placeholder={t('reportForm.locationPlaceholder')}
        registration={register('location')}
        error={errors.location}
        errorValues={{ count: LOCATION_MAX_LENGTH }}
        isRequired
        maxLength={LOCATION_MAX_LENGTH}
      />
      <ChoiceGroup
        legend={t('reportForm.type')}
        registration={register('type')}
        error={errors.type}
        layout="cards"
        options={INCIDENT_TYPES.map((type) => ({
          value: type,
          label: t(`incidentTypes.${type}.label`),
          description: t(`incidentTypes.${type}.meaning`),
        }))}
      />
      {(showAll || watch('type') === ONLINE_INCIDENT_TYPE) && <OnlineEvidence form={form} showAll={showAll} />}
      <TextAreaField
        label={t('reportForm.description')}
        hint={t('reportForm.descriptionHint')}
        registration={register('description')}
        error={errors.description}
        isRequired
        maxLength={DESCRIPTION_MAX_LENGTH}
        length={watch('description').length}
      />
    </>
  );
}

export function AdditionalStep({
  form,
  language,
  showAll = false,
  termsLabel,
}: StepProps & {
  language: Parameters<typeof localizedPath>[1];
  /** The terms box's words when someone else fills in the form for the person (staff, decision 0051). */
  termsLabel?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const site = useSite();
  const organisation = site?.organisationName ?? '';
  const { register, watch, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <ChoiceGroup
        legend={t('reportForm.threatOngoing')}
        hint={t('reportForm.threatOngoingHint', { emergencyNumber: site?.emergencyNumber ?? '' })}
        registration={register('threatOngoing')}
        error={errors.threatOngoing}
        options={THREAT_ANSWERS.map((answer) => ({ value: answer, label: t(`reportForm.threatAnswers.${answer}`) }))}
      />
      <YesNoField
        legend={t('reportForm.calledPolice')}
        registration={register('calledPolice')}
        error={errors.calledPolice}
      />
      {(showAll || watch('calledPolice') === 'yes') && (
        <TextField
          label={t('reportForm.policeReportNumber')}
          hint={t('reportForm.policeReportNumberHint')}
          registration={register('policeReportNumber')}
          error={errors.policeReportNumber}
          errorValues={{ count: POLICE_REPORT_NUMBER_MAX_LENGTH }}
          dir="ltr"
          maxLength={POLICE_REPORT_NUMBER_MAX_LENGTH}
        />
      )}
      <YesNoField
        legend={t('reportForm.calledOrganisation', { organisation })}
        registration={register('calledOrganisation')}
        error={errors.calledOrganisation}
      />
      <YesNoField
        legend={t('reportForm.medicalTreatment')}
        registration={register('medicalTreatment')}
        error={errors.medicalTreatment}
      />
      <ChoiceGroup
        legend={t('reportForm.sharingConsent')}
        hint={t('reportForm.sharingConsentHint')}
        registration={register('sharingConsent')}
        error={errors.sharingConsent}
        layout="cards"
        options={SHARING_CONSENTS.map((consent) => ({
          value: consent,
          label: t(`reportForm.sharingConsents.${consent}.label`),
          description: t(`reportForm.sharingConsents.${consent}.meaning`),
        }))}
      />
      <CheckboxField
        registration={register('termsAccepted')}
        error={errors.termsAccepted}
        label={
          termsLabel ?? (
            <RichText
              template={t('reportForm.terms')}
              components={{
                // A new tab keeps the form and everything in it.
                terms: (text) => (
                  <a href={localizedPath('termsOfUse', language)} target="_blank" rel="noopener">
                    {text}
                  </a>
                ),
                privacy: (text) => (
                  <a href={localizedPath('privacy', language)} target="_blank" rel="noopener">
                    {text}
                  </a>
                ),
              }}
            />
          )
        }
      />
    </>
  );
}
