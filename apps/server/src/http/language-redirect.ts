import { readCookie } from '@app/core/site/cookies';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageFromAcceptLanguage,
  languagePrefix,
} from '@app/locales/languages';
import type { Request, Response } from 'express';

/** The spec's order, for a path without a language prefix: cookie, then Accept-Language, then English. */
export function detectLanguage(request: Request): Language {
  const fromCookie = readCookie(request.headers.cookie, LANGUAGE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;
  return languageFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/**
 * `/` is the English home page and the door of the site: a visitor whose cookie or browser asks
 * for another language is sent on to that language's home page. Other paths name their language.
 */
export function redirectRootToLanguage(request: Request, response: Response, next: () => void) {
  response.vary('Cookie');
  response.vary('Accept-Language');
  const language = detectLanguage(request);
  if (language === DEFAULT_LANGUAGE) return next();
  const query = request.originalUrl.slice(request.path.length);
  response.redirect(302, `${languagePrefix(language)}${query}`);
}
