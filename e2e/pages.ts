import { localizedPath, PUBLIC_PAGES, type PublicPage } from '../apps/web/app/paths.ts';
import { LANGUAGES, type Language } from '../packages/locales/src/languages.ts';

export { LANGUAGES };
/** The public pages, as the site itself defines them. */
export const PAGES = PUBLIC_PAGES;
export type PageName = PublicPage;

export function pagePath(page: PageName, language: Language): string {
  return localizedPath(page, language);
}
