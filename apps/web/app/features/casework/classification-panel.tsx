import type { ReportDetail } from '@app/core/casework/casework-api';
import {
  CLASSIFICATION_CHOICES,
  INCIDENT_CATEGORIES,
  INCIDENT_MANIFESTATIONS,
  type IncidentTagView,
} from '@app/core/casework/classification';
import { Form } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SelectField } from '../../shared/forms/input-fields.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';

/** What the form sent, when the server refused it: lists comma-separated, as the route keeps them. */
export type ClassificationDraft = Record<string, string | undefined>;

/**
 * The staff's classification of the report's incident (decision 0044): its category (one), its
 * manifestations (one or more), target, how the organisation knows, type of place and tags. A
 * plain form: it works without JavaScript. It names the incident and the revision it shows, so a
 * classification someone saved meanwhile is not overwritten (`casework.conflict`).
 */
export function ClassificationPanel({ report, draft }: { report: ReportDetail; draft?: ClassificationDraft }) {
  const { t, language } = useTranslation();
  const { incident } = report;
  const saved = incident.classification;
  const listOf = (value: string | undefined) => (value ? value.split(',') : []);
  const shown = draft
    ? {
        category: draft.category ?? '',
        manifestations: listOf(draft.manifestations),
        target: draft.target ?? '',
        knownThrough: draft.knownThrough ?? '',
        placeType: draft.placeType ?? '',
        tags: listOf(draft.tags),
      }
    : {
        category: saved.category ?? '',
        manifestations: saved.manifestations as string[],
        target: saved.target ?? '',
        knownThrough: saved.knownThrough ?? '',
        placeType: saved.placeType ?? '',
        tags: saved.tags,
      };
  const value = (dimension: string, option: string) => t(`classification.values.${dimension}.${option}`);
  const select = (name: keyof typeof CLASSIFICATION_CHOICES, label: string) => (
    <SelectField
      label={label}
      name={name}
      defaultValue={shown[name]}
      options={[
        { value: '', label: t('classification.notRecorded') },
        ...CLASSIFICATION_CHOICES[name].map((option) => ({ value: option, label: value(name, option) })),
      ]}
    />
  );
  const tagName = (tag: IncidentTagView) => {
    const name = tag.names[language] ?? tag.names.en ?? '';
    return tag.disabled ? t('classification.disabledTag', { name }) : name;
  };
  return (
    <section className="staff-panel classification-panel" id="classification" aria-labelledby="classification-title">
      <h2 id="classification-title">{t('classification.title')}</h2>
      <p>{t('classification.intro')}</p>
      {!saved.category && (
        <p className="classification-panel__unclassified">
          <strong>{t('classification.unclassified')}</strong>
        </p>
      )}
      {/* Drawn anew once the incident changed, so that it shows what was saved. */}
      <Form
        key={`${incident.id}-${incident.revision}-${draft ? 'draft' : 'saved'}`}
        method="post"
        className="staff-form classification-form"
        noValidate
      >
        <input type="hidden" name="incident" value={incident.id} />
        <input type="hidden" name="revision" value={incident.revision} />
        <ChoiceGroup
          type="radio"
          name="category"
          options={INCIDENT_CATEGORIES.map((option) => ({ value: option, label: value('category', option) }))}
          checked={[shown.category]}
        />
        <ChoiceGroup
          type="checkbox"
          name="manifestations"
          options={INCIDENT_MANIFESTATIONS.map((option) => ({ value: option, label: value('manifestation', option) }))}
          checked={shown.manifestations}
        />
        {select('target', t('classification.target'))}
        {select('knownThrough', t('classification.knownThrough'))}
        {select('placeType', t('classification.placeType'))}
        <ChoiceGroup
          type="checkbox"
          name="tags"
          hint={incident.tagChoices.length ? t('classification.tagsHint') : t('classification.noTags')}
          options={incident.tagChoices.map((tag) => ({ value: tag.id, label: tagName(tag) }))}
          checked={shown.tags}
          optionsClassName="classification-form__options--tags"
        />
        <SubmitButton label={t('classification.submit')} intent="classify" />
      </Form>
    </section>
  );
}

/**
 * A group of choices, one (radio) or several (checkbox), with its legend and hint
 * (`classification.<name>` and `classification.<name>Hint` unless given).
 */
function ChoiceGroup({
  type,
  name,
  hint,
  options,
  checked,
  optionsClassName,
}: {
  type: 'radio' | 'checkbox';
  name: string;
  hint?: string;
  options: { value: string; label: string }[];
  checked: readonly string[];
  optionsClassName?: string;
}) {
  const { t } = useTranslation();
  const hintId = `classification-${name}-hint`;
  return (
    <fieldset className="choice-group classification-form__group" aria-describedby={hintId}>
      <legend className="form-field__label">{t(`classification.${name}`)}</legend>
      <p id={hintId} className="form-field__hint">
        {hint ?? t(`classification.${name}Hint`)}
      </p>
      {options.length > 0 && (
        <div
          className={
            optionsClassName ? `classification-form__options ${optionsClassName}` : 'classification-form__options'
          }
        >
          {options.map((option) => (
            <label className="choice" key={option.value}>
              <input type={type} name={name} value={option.value} defaultChecked={checked.includes(option.value)} />
              <span className="choice__label">{option.label}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
