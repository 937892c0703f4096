import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import type { PageKey } from '../paths.ts';
import { createTranslator, type MessageTree, type Translate } from './translator.ts';

export function messagesFor(language: Language) {
  return resources[language].common;
}

/**
 * The messages every page's shell needs (header, footer, quick exit, emergency notice, errors):
 * `common` without the pages' own texts, which each page's loader sends (`pageMessagesFor`).
 */
export function siteMessagesFor(language: Language): MessageTree {
  const { pages: _pages, figures: _figures, ...site } = resources[language].common;
  return site;
}

/**
 * The pages that show figures: the figures' own texts, the provinces, the categories and the
 * incident types. No figure is broken down by arrondissement: only the names of those a page's
 * list shows are sent (`arrondissements`: their codes, or `all`).
 */
export function figureMessagesFor(
  language: Language,
  { arrondissements = [] }: { arrondissements?: readonly string[] | 'all' } = {},
) {
  const types = Object.entries(resources[language].forms.incidentTypes).map(([type, { label }]) => [type, { label }]);
  const { arrondissements: names, ...figures } = resources[language].common.figures;
  const shown =
    arrondissements === 'all'
      ? names
      : Object.fromEntries(Object.entries(names).filter(([code]) => arrondissements.includes(code)));
  return { figures: { ...figures, arrondissements: shown }, incidentTypes: Object.fromEntries(types) };
}

/** One public page's own texts (`pages.<page>`), with the two its legal documents share. */
export function pageMessagesFor(language: Language, page: PageKey): MessageTree {
  const { pages } = resources[language].common;
  // The legal documents add their versions and periods (decision 0045).
  const legal: MessageTree = page === 'privacy' || page === 'termsOfUse' ? { legal: pages.legal } : {};
  return { pages: { [page]: pages[page], print: pages.print, ...legal } };
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

const figureTranslators = new Map<Language, Translate>();

/** A translate function for the open data files: the site's texts with the incident types' names. */
export function figureT(language: Language): Translate {
  let t = figureTranslators.get(language);
  if (!t) {
    t = createTranslator(language, {
      ...messagesFor(language),
      ...figureMessagesFor(language, { arrondissements: 'all' }),
    });
    figureTranslators.set(language, t);
  }
  return t;
}

/** The staff area's messages, with the incident types its lists show and the online platforms its report page and statistics name. */
export function internalMessagesFor(language: Language) {
  return {
    ...resources[language].internal,
    incidentTypes: resources[language].forms.incidentTypes,
    onlinePlatforms: resources[language].forms.onlinePlatforms,
    figures: { arrondissements: resources[language].common.figures.arrondissements },
  };
}
