import { ARRONDISSEMENTS, DATE_PRECISIONS, PLACE_PRECISIONS } from '@app/core/casework/arrondissements';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SelectField } from '../../shared/forms/input-fields.tsx';

/** The arrondissement of the place (decision 0047): none outside Flanders and Brussels and for old incidents. */
export function ArrondissementField({ defaultValue }: { defaultValue: string }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('casework.arrondissement')}
      hint={t('casework.arrondissementHint')}
      name="arrondissement"
      defaultValue={defaultValue}
      options={[
        { value: '', label: t('casework.arrondissementNone') },
        ...ARRONDISSEMENTS.map((code) => ({ value: code, label: t(`figures.arrondissements.${code}`) })),
      ]}
    />
  );
}

/** How precisely the public list shows the date and the place: two radio groups, each with its legend. */
export function PrecisionFields({ date, place }: { date: string; place: string }) {
  const { t } = useTranslation();
  const group = (name: 'datePrecision' | 'placePrecision', chosen: string, options: readonly string[]) => (
    <fieldset className="choice-group" aria-describedby="precision-hint">
      <legend className="form-field__label">{t(`casework.${name}`)}</legend>
      {options.map((option) => (
        <label className="choice" key={option}>
          <input type="radio" name={name} value={option} defaultChecked={chosen === option} />
          <span className="choice__label">{t(`casework.${name}s.${option}`)}</span>
        </label>
      ))}
    </fieldset>
  );
  return (
    <>
      <p id="precision-hint" className="form-field__hint">
        {t('casework.precisionHint')}
      </p>
      {group('datePrecision', date, DATE_PRECISIONS)}
      {group('placePrecision', place, PLACE_PRECISIONS)}
    </>
  );
}
