import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { createTranslator, type Translate } from './translator.ts';

export function messagesFor(language: Language) {
  return resources[language].common;
}

/** The messages of the forms (fields, validation, the spam check), sent only with pages that have a form. */
export function formMessagesFor(language: Language) {
  return resources[language].forms;
}

const translators = new Map<Language, Translate>();

/** A translate function for server code (page titles, descriptions), one per language. */
export function serverT(language: Language): Translate {
  let t = translators.get(language);
  if (!t) {
    t = createTranslator(language, messagesFor(language));
    translators.set(language, t);
  }
  return t;
}

/** The staff area's messages, with the incident types its lists show. */
export function internalMessagesFor(language: Language) {
  return { ...resources[language].internal, incidentTypes: resources[language].forms.incidentTypes };
}

/** The incident types' names, for pages that list incidents without a form. */
export function incidentTypeMessagesFor(language: Language) {
  return { incidentTypes: resources[language].forms.incidentTypes };
}
