import { describe, expect, it } from 'vitest';
import {
  type CheckedLanguage,
  checkSpelling,
  DICTIONARIES,
  missingTools,
  unknownToHunspell,
  words,
} from './spelling.ts';

/** A word and a misspelling of it: proof that the dictionary answers, before trusting its silence. */
const PROBES: Record<CheckedLanguage, [string, string]> = {
  nl: ['melding', 'mleding'],
  fr: ['signalement', 'signalemnt'],
  he: ['דיווח', 'דיווחח'],
};

describe('the spell check’s reading of words', () => {
  const text = (value: string) => ({ file: 'x', key: 'k', text: value });
  const read = (language: CheckedLanguage, value: string) => words(language, text(value)).map(({ word }) => word);

  it('leaves out placeholders, tags, addresses, acronyms and words with digits', () => {
    expect(read('fr', 'Écrivez à <email>{{email}}</email> (RGPD, PDF) : l’incident, 6-chiffres, www.apd.be')).toEqual([
      'Écrivez',
      'à',
      "l'incident",
    ]);
  });

  it('reads Hebrew gershayim and geresh as the dictionary writes them, and cuts at the maqaf', () => {
    expect(read('he', 'כתובת דוא״ל, קפצ׳ה, אימות דו־שלבי ב־GDPR')).toEqual([
      'כתובת',
      'דוא"ל',
      "קפצ'ה",
      'אימות',
      'דו',
      'שלבי',
      'ב',
    ]);
  });
});

describe.each(Object.keys(DICTIONARIES) as CheckedLanguage[])('the spelling of %s', (language) => {
  it('has no word that neither Debian’s dictionary nor spelling/<language>.txt knows', () => {
    const missing = missingTools(language);
    if (missing) expect.fail(`\n${missing}\n`);
    expect([...unknownToHunspell(language, PROBES[language])]).toEqual([PROBES[language][1]]);
    const { checked, distinct, unknown } = checkSpelling(language);
    console.info(`spelling ${language}: ${checked} words (${distinct} distinct) checked, ${unknown.length} unknown`);
    const findings = unknown.map(({ word, text }) => `${text.file} ${text.key}: ${word}`);
    expect(findings.length === 0 ? '' : `\n${findings.join('\n')}\n`).toBe('');
    // hunspell reads every text of the language: a few seconds, more on a busy machine.
  }, 30_000);
});
