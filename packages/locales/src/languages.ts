/**
 * The five languages of the site, with the locale tags the spec gives (section 9)
 * and the reading direction. English is the default and has no path prefix.
 */
export const LANGUAGES = [
  { code: 'en', tag: 'en-US', dir: 'ltr', nativeName: 'English' },
  { code: 'fr', tag: 'fr-FR', dir: 'ltr', nativeName: 'Français' },
  { code: 'nl', tag: 'nl-NL', dir: 'ltr', nativeName: 'Nederlands' },
  { code: 'he', tag: 'he-IL', dir: 'rtl', nativeName: 'עברית' },
  { code: 'yi', tag: 'yi-YI', dir: 'rtl', nativeName: 'ייִדיש' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export type Direction = 'ltr' | 'rtl';

export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((language) => language.code);

/** Name of the cookie that remembers a visitor's chosen language. */
export const LANGUAGE_COOKIE = 'lang';
/** The spec: "about 365 days". */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function languageInfo(code: Language) {
  const info = LANGUAGES.find((language) => language.code === code);
  if (!info) throw new Error(`Unknown language ${code}`);
  return info;
}

/**
 * The locale tag (en-US, fr-FR, nl-NL, he-IL, yi-YI) that every Intl API of a page in this language
 * takes: numbers, dates, plural rules and units all follow the same locale. English's for anything
 * that is not one of the site's languages.
 */
export function localeTag(code: string): string {
  return languageInfo(isLanguage(code) ? code : DEFAULT_LANGUAGE).tag;
}

/** '' for English, '/fr' for French, and so on. */
export function languagePrefix(code: Language): string {
  return code === DEFAULT_LANGUAGE ? '' : `/${code}`;
}

/** The language a path belongs to: its first segment when that is a prefix, else English. */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split('/')[1];
  return isLanguage(first) && first !== DEFAULT_LANGUAGE ? first : DEFAULT_LANGUAGE;
}

/**
 * Picks the best supported language from an Accept-Language header, honouring q-values.
 * Region subtags are ignored (nl-BE → nl); "iw" and "ji", the old codes of Hebrew and
 * Yiddish that some systems still send, are understood too.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const aliases: Record<string, string> = { iw: 'he', ji: 'yi' };
  const candidates = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const qParam = params.find((param) => param.trim().startsWith('q='));
      const q = qParam ? Number(qParam.trim().slice(2)) : 1;
      const primary = range.trim().toLowerCase().split('-')[0] ?? '';
      return { code: aliases[primary] ?? primary, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((candidate) => candidate.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return candidates.find((candidate) => isLanguage(candidate.code))?.code as Language | undefined;
}

/**
 * The language of a page without a prefix (the staff area): the language cookie, then the
 * browser's languages, then English.
 */
export function languageFromHeaders(headers: Headers): Language {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return languageFromAcceptLanguage(headers.get('accept-language')) ?? DEFAULT_LANGUAGE;
}
