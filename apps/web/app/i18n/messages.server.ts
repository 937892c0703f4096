import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import type { TFunction } from 'i18next';
import { createI18n } from './create-i18n.ts';

export function messagesFor(language: Language) {
  return resources[language].common;
}

const translators = new Map<Language, TFunction>();

/** A translate function for server code (page titles, descriptions), one per language. */
export function serverT(language: Language): TFunction {
  let t = translators.get(language);
  if (!t) {
    t = createI18n(language, messagesFor(language)).t;
    translators.set(language, t);
  }
  return t;
}
