import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import type { PublicPage } from '../paths.ts';
import { createTranslator, type MessageTree, type Translate } from './translator.ts';

export function messagesFor(language: Language) {
  return resources[language].common;
}

/**
 * The messages every page's shell needs (header, footer, quick exit, emergency notice, errors):
 * `common` without the pages' own texts, which each page's loader sends (`pageMessagesFor`).
 */
export function siteMessagesFor(language: Language): MessageTree {
  const { pages: _pages, ...site } = resources[language].common;
  return site;
}

/** One public page's own texts (`pages.<page>`), with the two its legal documents share. */
export function pageMessagesFor(language: Language, page: PublicPage): MessageTree {
  const { pages } = resources[language].common;
  return { pages: { [page]: pages[page], lastUpdated: pages.lastUpdated, print: pages.print } };
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
