import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_PACK_MESSAGE_LANGUAGES, EVIDENCE_PACK_NAMESPACE } from './evidence-pack.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from './languages.ts';
import { pluralCategories, pluralKey, singleNumberOf } from './plurals.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '..');
const namespaces = fs.readdirSync(path.join(LOCALES_DIR, DEFAULT_LANGUAGE)).filter((file) => file.endsWith('.json'));
/** A namespace that only some languages have: the evidence pack is written in Dutch, French or English. */
const ONLY_IN: Readonly<Record<string, readonly Language[]>> = {
  [EVIDENCE_PACK_NAMESPACE]: EVIDENCE_PACK_MESSAGE_LANGUAGES,
};
const languagesOf = (namespace: string) => ONLY_IN[namespace] ?? LANGUAGE_CODES;
const documents = fs.readdirSync(path.join(LOCALES_DIR, DEFAULT_LANGUAGE)).filter((file) => file.endsWith('.md'));

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

function load(language: string, namespace: string): Record<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, language, namespace), 'utf8')) as Tree);
}

/** {{placeholders}} and <tags> must survive translation, or text would be lost or shown raw. */
function markers(text: string): string[] {
  return [...text.matchAll(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g)].map((match) => match[0].replace(/\s/g, '')).sort();
}

/** The plural groups of English (`key_one`, `key_other` → `key`), which every language must have. */
function pluralBases(messages: Record<string, string>): string[] {
  return [...new Set(Object.keys(messages).flatMap((key) => pluralKey(key)?.base ?? []))].sort();
}

/**
 * The keys a language must have: English's, except that each plural group has exactly the
 * language's own categories (Hebrew `_two`, French `_many`), no fewer and no more.
 */
function expectedKeys(reference: Record<string, string>, code: Language): string[] {
  const plain = Object.keys(reference).filter((key) => !pluralKey(key));
  const plural = pluralBases(reference).flatMap((base) =>
    pluralCategories(code).map((category) => `${base}_${category}`),
  );
  return [...plain, ...plural].sort();
}

describe.each(namespaces)('translations of %s', (namespace) => {
  it('exists in exactly the languages it is written for', () => {
    const present = LANGUAGE_CODES.filter((code) => fs.existsSync(path.join(LOCALES_DIR, code, namespace)));
    expect(present).toEqual(LANGUAGE_CODES.filter((code) => languagesOf(namespace).includes(code)));
  });

  const reference = load(DEFAULT_LANGUAGE, namespace);

  it.each(languagesOf(namespace))('%s has exactly the keys of English, with its own plural categories', (code) => {
    expect(Object.keys(load(code, namespace)).sort()).toEqual(expectedKeys(reference, code));
  });

  it('has no plain key beside a plural group (the translator would never reach it with a count)', () => {
    for (const base of pluralBases(reference)) expect(reference[base], base).toBeUndefined();
  });

  it.each(languagesOf(namespace))('%s has no empty message and keeps every placeholder and tag', (code) => {
    for (const [key, text] of Object.entries(load(code, namespace))) {
      expect(text.trim(), `${code}:${key}`).not.toBe('');
      const plural = pluralKey(key);
      if (!plural) {
        expect(markers(text), `${code}:${key}`).toEqual(markers(reference[key] ?? ''));
        continue;
      }
      // Every form has the markers of English's "other" form. Only a form whose category holds a
      // single number (Hebrew "one" is 1, "two" is 2) may write it in words instead of {{count}}.
      const expected = markers(reference[`${plural.base}_other`] ?? '');
      const withoutCount = (list: string[]) => list.filter((marker) => marker !== '{{count}}');
      expect(expected, `${DEFAULT_LANGUAGE}:${plural.base}_other has no {{count}}`).toContain('{{count}}');
      if (singleNumberOf(code, plural.category) === undefined) {
        expect(markers(text), `${code}:${key}`).toEqual(expected);
      } else {
        expect(withoutCount(markers(text)), `${code}:${key}`).toEqual(withoutCount(expected));
      }
    }
  });

  const rightToLeft = (['he', 'yi'] as const).filter((code) => languagesOf(namespace).includes(code));
  it.skipIf(rightToLeft.length === 0).each(rightToLeft)(
    '%s messages are written in Hebrew script, not left in English',
    (code) => {
      for (const [key, text] of Object.entries(load(code, namespace))) {
        const letters = text.replace(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g, '').replace(/[^\p{L}]/gu, '');
        if (letters.length === 0) continue;
        const hebrew = letters.replace(/[^\p{Script=Hebrew}]/gu, '');
        expect(hebrew.length / letters.length, `${code}:${key}: ${text}`).toBeGreaterThan(0.5);
      }
    },
  );
});

describe.each(documents)('translations of the document %s', (document) => {
  const read = (code: string) => fs.readFileSync(path.join(LOCALES_DIR, code, document), 'utf8');
  const placeholders = (text: string) => [...new Set(markers(text))];
  const english = read(DEFAULT_LANGUAGE);

  it.each(LANGUAGE_CODES)('%s exists, has the same number of sections and uses the same placeholders', (code) => {
    const text = read(code);
    const sections = (markdown: string) => markdown.split('\n').filter((line) => /^##\s/.test(line)).length;
    expect(sections(text)).toBe(sections(english));
    expect(placeholders(text)).toEqual(placeholders(english));
    expect(text).not.toMatch(/<[a-z]/i); // Markdown only: raw HTML is never rendered.
  });

  it.each(['he', 'yi'])('%s is written in Hebrew script', (code) => {
    const letters = read(code)
      .replace(/\{\{\s*\w+\s*\}\}|\]\([^)]*\)/g, '')
      .replace(/[^\p{L}]/gu, '');
    const hebrew = letters.replace(/[^\p{Script=Hebrew}]/gu, '');
    expect(hebrew.length / letters.length).toBeGreaterThan(0.8);
  });
});
