import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_CODES,
  languageFromAcceptLanguage,
  languageFromPath,
  languagePrefix,
  localeTag,
} from './languages.ts';

describe('languageFromAcceptLanguage', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['de-DE,de;q=0.9', undefined],
    ['nl-BE,nl;q=0.9,en;q=0.8', 'nl'],
    ['en-GB,en;q=0.9', 'en'],
    ['de,fr;q=0.5,he;q=0.8', 'he'],
    ['iw', 'he'],
    ['ji-US', 'yi'],
    ['fr;q=0,nl', 'nl'],
    ['*', undefined],
  ])('%s → %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe('languageFromPath and languagePrefix', () => {
  it.each([
    ['/', 'en'],
    ['/contact', 'en'],
    ['/fr', 'fr'],
    ['/he/incident-report', 'he'],
    ['/en/contact', 'en'],
    ['/yiddish', 'en'],
  ])('%s is in %s', (path, language) => {
    expect(languageFromPath(path)).toBe(language);
  });

  it('gives English no prefix and every other language its code', () => {
    expect(languagePrefix('en')).toBe('');
    expect(languagePrefix('yi')).toBe('/yi');
  });
});

describe('localeTag', () => {
  it('gives each language the tag of the spec, and English’s to anything else', () => {
    expect(LANGUAGE_CODES.map(localeTag)).toEqual(['en-US', 'fr-FR', 'nl-NL', 'he-IL', 'yi-YI']);
    expect(localeTag('de')).toBe('en-US');
  });
});
