import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, LANGUAGES, type Language } from '@app/locales/languages';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { useCurrentPage } from '../lib/use-current-page.ts';

function rememberLanguage(language: Language) {
  // The Cookie Store API is missing from older Safari and Firefox versions that visitors still use.
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: see above; the value is a fixed language code.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** Links to the same page in every language, each named in its own language and script. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { pathIn, language: current } = useCurrentPage();
  return (
    <nav className="language-switcher" aria-label={t('languageSwitcher.label')}>
      <ul>
        {LANGUAGES.map(({ code, nativeName, dir }) => (
          <li key={code}>
            <Link
              to={pathIn(code)}
              lang={code}
              hrefLang={code}
              dir={dir}
              aria-current={code === current ? 'true' : undefined}
              onClick={() => rememberLanguage(code)}
            >
              {nativeName}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
