import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from './languages.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '..');
const namespaces = fs.readdirSync(path.join(LOCALES_DIR, DEFAULT_LANGUAGE)).filter((file) => file.endsWith('.json'));

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

describe.each(namespaces)('translations of %s', (namespace) => {
  const reference = load(DEFAULT_LANGUAGE, namespace);

  it.each(LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE))('%s has exactly the keys of English', (code) => {
    expect(Object.keys(load(code, namespace)).sort()).toEqual(Object.keys(reference).sort());
  });

  it.each(LANGUAGE_CODES)('%s has no empty message and keeps every placeholder and tag', (code) => {
    for (const [key, text] of Object.entries(load(code, namespace))) {
      expect(text.trim(), `${code}:${key}`).not.toBe('');
      expect(markers(text), `${code}:${key}`).toEqual(markers(reference[key] ?? ''));
    }
  });

  it.each(['he', 'yi'])('%s messages are written in Hebrew script, not left in English', (code) => {
    for (const [key, text] of Object.entries(load(code, namespace))) {
      const letters = text.replace(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g, '').replace(/[^\p{L}]/gu, '');
      if (letters.length === 0) continue;
      const hebrew = letters.replace(/[^\p{Script=Hebrew}]/gu, '');
      expect(hebrew.length / letters.length, `${code}:${key}: ${text}`).toBeGreaterThan(0.5);
    }
  });
});
