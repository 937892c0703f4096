// Reads packages/locales/GLOSSARY.md: per language, one table of key concepts with the chosen term and
// the banned variants (each in `backticks` in the third column), and finds banned variants in a text.
import fs from 'node:fs';
import path from 'node:path';
import { isLanguage, type Language } from './languages.ts';
import { LOCALES_DIR } from './texts.ts';

export const GLOSSARY_FILE = path.join(LOCALES_DIR, 'GLOSSARY.md');

export interface GlossaryEntry {
  concept: string;
  chosen: string;
  banned: string[];
}

/** Section heading `## Dutch (nl)` → 'nl'. */
const SECTION = /^##\s+.*\((\w+)\)\s*$/;

export function readGlossary(markdown = fs.readFileSync(GLOSSARY_FILE, 'utf8')): Map<Language, GlossaryEntry[]> {
  const glossary = new Map<Language, GlossaryEntry[]>();
  let language: Language | undefined;
  for (const line of markdown.split('\n')) {
    const section = SECTION.exec(line);
    if (section) {
      language = isLanguage(section[1]) ? section[1] : undefined;
      if (language) glossary.set(language, []);
      continue;
    }
    if (!language || !line.startsWith('|')) continue;
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((cell) => cell.trim());
    const [concept = '', chosen = '', banned = ''] = cells;
    if (concept === 'Concept' || /^:?-+:?$/.test(concept)) continue; // header and separator rows
    glossary.get(language)?.push({
      concept,
      chosen,
      banned: [...banned.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string),
    });
  }
  return glossary;
}

/** A letter, mark, digit, hyphen or maqaf: what continues a word. */
const WORD = '[\\p{L}\\p{M}\\p{N}\\-\\u05BE]';
/** Hebrew writes ו ה ב כ ל מ ש onto the next word: the ban on "סיסמא" covers "והסיסמא". */
const HEBREW_PREFIXES = '[ובכלמהש]{0,3}';
/** A gender ending after a slash continues a Hebrew word: the ban on "המדווח" leaves "המדווח/ת" alone. */
const HEBREW_GENDER_ENDING = '\\/[\\u05D0-\\u05EA]';

/**
 * The pattern of a banned variant, as GLOSSARY.md explains: a whole word or phrase; `*` at either end
 * lets the word go on (`screenshot*` also bans "screenshots"); a variant in capitals only (`PV`) is
 * matched with its case, any other without.
 */
export function bannedPattern(variant: string, language: Language): RegExp {
  const open = variant.startsWith('*');
  const close = variant.length > 1 && variant.endsWith('*');
  const core = variant
    .slice(open ? 1 : 0, close ? -1 : undefined)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/ /g, '[\\s\\u00A0\\u202F]+');
  const left = open ? `${WORD}*` : `(?<!${WORD})${language === 'he' ? HEBREW_PREFIXES : ''}`;
  const right = close ? `${WORD}*` : `(?!${WORD}${language === 'he' ? `|${HEBREW_GENDER_ENDING}` : ''})`;
  const caseSensitive = /\p{Lu}/u.test(variant) && !/\p{Ll}/u.test(variant);
  return new RegExp(`${left}${core}${right}`, caseSensitive ? 'gu' : 'giu');
}
