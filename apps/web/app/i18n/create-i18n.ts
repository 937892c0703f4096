import type { Language } from '@app/locales/languages';
import type { Messages } from '@app/locales/resources';
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * An i18next instance for one language, initialised synchronously from messages the root loader
 * sent, so that the server render and the hydrated page print exactly the same text.
 */
export function createI18n(language: Language, messages: Messages | undefined): i18n {
  const instance = createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: messages ? { [language]: { common: messages } } : {},
    ns: ['common'],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already.
    react: { useSuspense: false },
  });
  return instance;
}
