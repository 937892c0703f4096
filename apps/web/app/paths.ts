import { type Language, languagePrefix } from '@app/locales/languages';

/** Every public page, with its path in English; other languages put their prefix in front. */
export const PUBLIC_PAGES = {
  home: '/',
  contact: '/contact',
  incidentReport: '/incident-report',
  incidents: '/incidents',
  privacy: '/privacy',
  termsOfUse: '/terms-of-use',
} as const;

export type PublicPage = keyof typeof PUBLIC_PAGES;

export function isPublicPage(value: string): value is PublicPage {
  return Object.hasOwn(PUBLIC_PAGES, value);
}

/** The path of a page in a language: `/` and `/he`, `/contact` and `/he/contact`. */
export function localizedPath(page: PublicPage, language: Language): string {
  const path = PUBLIC_PAGES[page];
  const prefix = languagePrefix(language);
  if (path === '/') return prefix || '/';
  return `${prefix}${path}`;
}

/** Route ids carry the language after a triple underscore, as the spec names them: `contact___fr`. */
export function routeId(page: PublicPage, language: Language): string {
  return `${page}___${language}`;
}

export function pageFromRouteId(id: string): { page: PublicPage; language: Language } | undefined {
  const [page, language] = id.split('___');
  if (!page || !language || !isPublicPage(page)) return undefined;
  return { page, language: language as Language };
}
