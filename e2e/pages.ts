import { LANGUAGES, type Language } from '../packages/locales/src/languages.ts';

export { LANGUAGES };
export const PAGES = {
  home: '',
  contact: '/contact',
  incidentReport: '/incident-report',
  incidents: '/incidents',
  privacy: '/privacy',
  termsOfUse: '/terms-of-use',
} as const;
export type PageName = keyof typeof PAGES;

export function pagePath(page: PageName, language: Language): string {
  const prefix = language === 'en' ? '' : `/${language}`;
  return `${prefix}${PAGES[page]}` || '/';
}
