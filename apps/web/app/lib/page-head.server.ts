import { LANGUAGES, type Language, languageInfo } from '@app/locales/languages';
import type { RouterContextProvider } from 'react-router';
import { appContext } from '../context.ts';
import { serverT } from '../i18n/messages.server.ts';
import type { Values } from '../i18n/translator.ts';
import { localizedPath, type PageKey, type PublicPage } from '../paths.ts';
import type { PageHead } from './page-head.ts';

const ogLocale = (language: Language) => languageInfo(language).tag.replace('-', '_');

/**
 * The head of a public page: its own title and description, the canonical address, hreflang
 * alternates for the five languages and x-default (the English page), and og:locale. Addresses
 * are built from the configured public URL, never from the request's Host header.
 */
export function buildPageHead(
  context: Readonly<RouterContextProvider>,
  page: PublicPage,
  language: Language,
  /** A page with a parameter (a yearly summary) gives its own paths and the values of its texts. */
  own?: { key: PageKey; path: (language: Language) => string; values: Values },
): PageHead {
  const { publicUrl, site } = context.get(appContext);
  const organisationName = site.organisationName;
  const t = serverT(language);
  const key = own?.key ?? page;
  const absolute = (lang: Language) => `${publicUrl}${own ? own.path(lang) : localizedPath(page, lang)}`;
  return {
    title: `${t(`pages.${key}.title`, own?.values)} | ${organisationName}`,
    description: t(`pages.${key}.description`, { ...own?.values, organisation: organisationName }),
    canonical: absolute(language),
    alternates: [
      ...LANGUAGES.map(({ code }) => ({ hrefLang: code, href: absolute(code) })),
      { hrefLang: 'x-default', href: absolute('en') },
    ],
    ogLocale: ogLocale(language),
    ogLocaleAlternates: LANGUAGES.filter(({ code }) => code !== language).map(({ code }) => ogLocale(code)),
  };
}
