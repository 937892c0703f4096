// The spell check of the translations: Debian's hunspell dictionaries for Dutch, French and Hebrew, and
// the project's own word lists (spelling/<language>.txt) for names, brands and the organisation's terms.
// Yiddish has no Debian dictionary: GLOSSARY.md and its test cover it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from './languages.ts';
import { LOCALES_DIR, languageTexts, prose, type Text } from './texts.ts';

export const DICTIONARIES = {
  nl: { file: '/usr/share/hunspell/nl', debianPackage: 'hunspell-nl' },
  fr: { file: '/usr/share/hunspell/fr', debianPackage: 'hunspell-fr' },
  he: { file: '/usr/share/hunspell/he_IL', debianPackage: 'hunspell-he' },
} as const satisfies Partial<Record<Language, { file: string; debianPackage: string }>>;

export type CheckedLanguage = keyof typeof DICTIONARIES;

export const INSTALL_HINT =
  'Install them with:  sudo apt-get install -y hunspell hunspell-nl hunspell-fr hunspell-he\n' +
  '(.ci/run does so on a fresh machine).';

/** Why the spell check cannot run here, with the Debian package to install; undefined when it can. */
export function missingTools(language: CheckedLanguage): string | undefined {
  const dictionary = DICTIONARIES[language];
  if (spawnSync('hunspell', ['-v'], { encoding: 'utf8' }).error) {
    return `The spell check needs the hunspell program, which was not found.\n${INSTALL_HINT}`;
  }
  if (!fs.existsSync(`${dictionary.file}.dic`) || !fs.existsSync(`${dictionary.file}.aff`)) {
    return (
      `The spell check of ${language} needs Debian's ${dictionary.debianPackage} (${dictionary.file}.dic was not found).\n` +
      INSTALL_HINT
    );
  }
  return undefined;
}

/** The project's word list: one word per line; `#` starts a comment. */
export function wordList(language: CheckedLanguage): Set<string> {
  const file = path.join(LOCALES_DIR, 'spelling', `${language}.txt`);
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  return new Set(lines.map((line) => dictionaryForm(line.replace(/#.*/, '').trim())).filter(Boolean));
}

export interface Word {
  word: string;
  text: Text;
}

/**
 * The words of a text, as the dictionary spells them. Dutch and French: runs of letters with inner
 * apostrophes and hyphens (’ read as '); acronyms in capitals (PDF, RGPD) and words with digits are
 * not words. Hebrew: runs of Hebrew letters with gershayim and geresh (read as " and ', which the
 * dictionary uses), cut at the maqaf; words in Latin letters inside Hebrew (names, JPEG) are left out.
 */
export function words(language: CheckedLanguage, text: Text): Word[] {
  const body = prose(text.text);
  if (language === 'he') {
    // A gender ending after a slash (מדווח/ת, שלח/ה) is read with its word: the masculine form is checked.
    const hebrew = body.replace(/(?<=[\u05D0-\u05EA])\/[\u05D0-\u05EA]{1,2}(?![\u05D0-\u05EA])/gu, '');
    return [...hebrew.matchAll(/[\u05D0-\u05EA](?:[\u05D0-\u05EA\u05F3\u05F4"']*[\u05D0-\u05EA\u05F3])?/gu)].map(
      (match) => ({ word: dictionaryForm(match[0]), text }),
    );
  }
  return [...body.matchAll(/(?<![\p{L}\p{N}][-'’]?)\p{L}+(?:['’-]\p{L}+)*(?![-'’]?\p{N})/gu)]
    .map((match) => match[0].replace(/’/g, "'"))
    .filter((word) => !isAcronym(word))
    .map((word) => ({ word, text }));
}

/** PDF, RGPD, QR: capitals only, two or more. */
function isAcronym(word: string): boolean {
  return /^[\p{Lu}]{2,}$/u.test(word);
}

/** Hebrew's dictionary writes gershayim and geresh as " and '. */
function dictionaryForm(word: string): string {
  return word.replace(/\u05F4/g, '"').replace(/\u05F3/g, "'");
}

/** Asks hunspell about each distinct word once; returns the words its dictionary does not know. */
export function unknownToHunspell(language: CheckedLanguage, distinct: string[]): Set<string> {
  // One word per line; -L prints back the lines that hold a word the dictionary does not know.
  const result = spawnSync('hunspell', ['-L', '-i', 'utf-8', '-d', DICTIONARIES[language].file], {
    input: distinct.join('\n'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error || result.status !== 0) throw new Error(`hunspell failed: ${result.error ?? result.stderr}`);
  return new Set(result.stdout.split('\n').filter(Boolean));
}

export interface SpellingResult {
  checked: number;
  distinct: number;
  unknown: Word[];
}

/**
 * Every word of a language that neither the dictionary nor the project's word list knows. A hyphenated
 * word the dictionary does not know whole passes when each of its parts is known (WebP-foto, e-mail).
 */
export function checkSpelling(language: CheckedLanguage): SpellingResult {
  const all = languageTexts(language).flatMap((text) => words(language, text));
  const allowed = wordList(language);
  const isAllowed = (word: string) => isAcronym(word) || allowed.has(word) || allowed.has(word.toLowerCase());
  const distinct = [...new Set(all.map(({ word }) => word))];
  const parts = distinct.flatMap((word) => (word.includes('-') ? word.split('-') : []));
  const asked = [...new Set([...distinct, ...parts])].filter((word) => !isAllowed(word));
  const unknownWords = unknownToHunspell(language, asked);
  const known = (word: string) => isAllowed(word) || !unknownWords.has(word);
  const misspelt = new Set(
    distinct.filter((word) => !known(word) && !(word.includes('-') && word.split('-').every(known))),
  );
  return { checked: all.length, distinct: distinct.length, unknown: all.filter(({ word }) => misspelt.has(word)) };
}
