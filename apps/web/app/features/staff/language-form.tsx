import { LANGUAGES } from '@app/locales/languages';
import { useId } from 'react';
import { Form, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';

/** The staff area's language choice: a small form, so that it works without JavaScript too. */
export function LanguageForm() {
  const { t, language } = useTranslation();
  const { pathname, search } = useLocation();
  const id = useId();
  return (
    <Form method="post" action={INTERNAL_PAGES.language} className="staff-language">
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      <label htmlFor={id}>{t('internal.language.label')}</label>
      <select id={id} name="language" defaultValue={language} key={language}>
        {LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.nativeName}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {t('internal.language.apply')}
      </button>
    </Form>
  );
}
