import { STAFF_ROLES, type StaffRole } from '@app/core/staff/staff';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The three roles as radio buttons, each with what it may do. */
export function RoleChoice({ name, defaultValue }: { name: string; defaultValue: StaffRole }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="choice-group">
      <legend className="form-field__label">{t('staff.role')}</legend>
      {STAFF_ROLES.map((role) => (
        <div key={role} className="choice">
          <input
            type="radio"
            id={`${id}-${role}`}
            name={name}
            value={role}
            defaultChecked={role === defaultValue}
            aria-describedby={`${id}-${role}-description`}
          />
          <label htmlFor={`${id}-${role}`} className="choice__label">
            <span className="choice__text">{t(`internal.roles.${role}`)}</span>
            <span id={`${id}-${role}-description`} className="choice__description">
              {t(`internal.roleDescriptions.${role}`)}
            </span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}
