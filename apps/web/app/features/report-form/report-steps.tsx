import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import {
  ADDRESS_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  NAME_MAX_LENGTH,
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
import { registeredIn } from '../../shared/forms/registered.ts';
import { EmailField, PhoneField, TextAreaField, TextField } from '../../shared/forms/text-fields.tsx';
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
  const { watch } = form;
  const registered = registeredIn(form);
  const isAnonymous = watch('anonymous');
  return (
    <>
      <CheckboxField
        label={t('reportForm.anonymous')}
        hint={t('reportForm.anonymousHint')}
        {...registered('anonymous')}
      />
      {(showAll || !isAnonymous) && (
        <div className="field-group">
          <div className="field-row">
            <TextField
              label={t('reportForm.firstName')}
              {...registered('firstName')}
              isRequired
              autoComplete="given-name"
              maxLength={NAME_MAX_LENGTH}
            />
            <TextField
              label={t('reportForm.lastName')}
              {...registered('lastName')}
              isRequired
              autoComplete="family-name"
              maxLength={NAME_MAX_LENGTH}
            />
          </div>
          <p className="form-field__hint">{t('reportForm.contactHint')}</p>
          <div className="field-row">
            <PhoneField label={t('reportForm.phone')} {...registered('phone')} inputMode="tel" />
            <EmailField label={t('reportForm.email')} {...registered('email')} />
          </div>
          <TextField
            label={t('reportForm.address')}
            {...registered('address')}
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
  const registered = registeredIn(form);
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
                {...registered(field)}
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
  const { watch } = form;
  const registered = registeredIn(form);
  return (
    <>
      <div className="field-row">
        <TextField label={t('reportForm.date')} {...registered('date')} type="date" max={todayInBelgium()} isRequired />
        <TextField label={t('reportForm.time')} hint={t('reportForm.timeHint')} {...registered('time')} type="time" />
      </div>
      <TextField
        label={t('reportForm.location')}
        hint={t('reportForm.locationHint')}
        placeholder={t('reportForm.locationPlaceholder')}
        {...registered('location')}
        errorValues={{ count: LOCATION_MAX_LENGTH }}
        isRequired
        maxLength={LOCATION_MAX_LENGTH}
      />
      <ChoiceGroup
        legend={t('reportForm.type')}
        {...registered('type')}
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
        {...registered('description')}
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
  const { watch } = form;
  const registered = registeredIn(form);
  return (
    <>
      <ChoiceGroup
        legend={t('reportForm.threatOngoing')}
        hint={t('reportForm.threatOngoingHint', { emergencyNumber: site?.emergencyNumber ?? '' })}
        {...registered('threatOngoing')}
        options={THREAT_ANSWERS.map((answer) => ({ value: answer, label: t(`reportForm.threatAnswers.${answer}`) }))}
      />
      <YesNoField legend={t('reportForm.calledPolice')} {...registered('calledPolice')} />
      {(showAll || watch('calledPolice') === 'yes') && (
        <TextField
          label={t('reportForm.policeReportNumber')}
          hint={t('reportForm.policeReportNumberHint')}
          {...registered('policeReportNumber')}
          errorValues={{ count: POLICE_REPORT_NUMBER_MAX_LENGTH }}
          dir="ltr"
          maxLength={POLICE_REPORT_NUMBER_MAX_LENGTH}
        />
      )}
      <YesNoField legend={t('reportForm.calledOrganisation', { organisation })} {...registered('calledOrganisation')} />
      <YesNoField legend={t('reportForm.medicalTreatment')} {...registered('medicalTreatment')} />
      <ChoiceGroup
        legend={t('reportForm.sharingConsent')}
        hint={t('reportForm.sharingConsentHint')}
        {...registered('sharingConsent')}
        layout="cards"
        options={SHARING_CONSENTS.map((consent) => ({
          value: consent,
          label: t(`reportForm.sharingConsents.${consent}.label`),
          description: t(`reportForm.sharingConsents.${consent}.meaning`),
        }))}
      />
      <CheckboxField
        {...registered('termsAccepted')}
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
