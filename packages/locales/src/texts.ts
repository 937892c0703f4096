// Every text a language ships, message by message, for the checks that read the words themselves
// (glossary, typography, spelling): each JSON message under its key, each Markdown document line by line.
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from './languages.ts';

export const LOCALES_DIR = path.resolve(import.meta.dirname, '..');

/** One message or one line of a document, and where it comes from. */
export interface Text {
  /** `nl/common.json`, `fr/privacy.md`… */
  file: string;
  /** The message's key (`nav.home`), or `line 12` in a Markdown document. */
  key: string;
  text: string;
}

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

export function languageTexts(language: Language): Text[] {
  const directory = path.join(LOCALES_DIR, language);
  return (
    fs
      .readdirSync(directory)
      // Not versions/: the earlier versions of the legal texts are kept as they were (decision 0045).
      .filter((name) => name.endsWith('.json') || name.endsWith('.md'))
      .sort()
      .flatMap((name): Text[] => {
        const file = `${language}/${name}`;
        const content = fs.readFileSync(path.join(directory, name), 'utf8');
        if (name.endsWith('.json')) {
          return flatten(JSON.parse(content) as Tree).map(([key, text]) => ({ file, key, text }));
        }
        if (name.endsWith('.md')) {
          // A policy's markers (`<!-- covers: report.description -->`, decision 0045) are not prose.
          return content
            .split('\n')
            .map((text, index) => ({ file, key: `line ${index + 1}`, text: text.replace(/<!--.*?-->/g, '') }));
        }
        return [];
      })
  );
}

/**
 * The prose of a text: {{placeholders}}, <tags>, Markdown link targets, web and e-mail addresses become
 * spaces and Markdown's emphasis and heading marks go, so that neither the glossary nor the spell check
 * reads them.
 */
export function prose(text: string): string {
  return text
    .replace(/\{\{\s*\w+\s*\}\}/g, ' ')
    .replace(/<\/?\w+>/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/https?:\/\/\S+|www\.\S+|[\w.+-]+@[\w-]+(\.[\w-]+)+|\b[\w-]+\.(org|be|com)\b/g, ' ')
    .replace(/[*_`#]+/g, '');
}
