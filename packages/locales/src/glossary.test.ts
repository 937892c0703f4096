import { describe, expect, it } from 'vitest';
import { bannedPattern, readGlossary } from './glossary.ts';
import { LANGUAGE_CODES, type Language } from './languages.ts';
import { languageTexts, prose, type Text } from './texts.ts';

const glossary = readGlossary();

/** `nl/common.json nav.home: "Home"`, one line per finding, so a failure says what to change where. */
function report(findings: string[]): string {
  return findings.length === 0 ? '' : `\n${findings.join('\n')}\n`;
}

describe('the glossary (GLOSSARY.md)', () => {
  it.each(LANGUAGE_CODES)('has a table of key concepts for %s', (code) => {
    const entries = glossary.get(code) ?? [];
    expect(entries.length, `GLOSSARY.md has no table for (${code})`).toBeGreaterThanOrEqual(10);
    for (const entry of entries) {
      expect(entry.concept, JSON.stringify(entry)).not.toBe('');
      expect(entry.chosen, JSON.stringify(entry)).not.toBe('');
    }
  });

  it('reads a banned variant as a whole word, with its Hebrew prefixes, and `*` as "the word goes on"', () => {
    const matches = (variant: string, language: Language, text: string) => bannedPattern(variant, language).test(text);
    expect(matches('screenshot*', 'nl', 'twee screenshots')).toBe(true);
    expect(matches('email', 'fr', 'votre e-mail')).toBe(false);
    expect(matches('mail', 'fr', 'un mail')).toBe(true);
    expect(matches('PV', 'nl', 'het pv')).toBe(false);
    expect(matches('PV-nummer', 'nl', 'PV-nummer')).toBe(true);
    expect(matches('סיסמא', 'he', 'והסיסמא שלכם')).toBe(true);
    expect(matches('סיסמא', 'he', 'סיסמאות')).toBe(false);
    expect(matches('המדווח', 'he', 'כשהמדווח אומר')).toBe(true);
    expect(matches('המדווח', 'he', 'כשהמדווח/ת אומר/ת')).toBe(false);
    expect(matches('ניט', 'yi', 'נישט, ניט.')).toBe(true);
    expect(matches('*לאָגיר*', 'yi', 'אַרײַנלאָגירט')).toBe(true);
    expect(matches('proof of work', 'nl', 'een proof\u00A0of work')).toBe(true);
  });
});

describe.each(LANGUAGE_CODES)('the %s texts', (code) => {
  const texts = languageTexts(code);
  const where = (text: Text) => `${text.file} ${text.key}`;

  it('use the glossary’s terms: no banned variant in any message or document', () => {
    const findings: string[] = [];
    for (const entry of glossary.get(code) ?? []) {
      for (const variant of entry.banned) {
        const pattern = bannedPattern(variant, code);
        for (const text of texts) {
          for (const match of prose(text.text).matchAll(pattern)) {
            findings.push(`${where(text)}: "${match[0]}" (${entry.concept}: use ${entry.chosen})`);
          }
        }
      }
    }
    expect(report(findings)).toBe('');
  });

  it.runIf(code === 'fr')('set a non-breaking space before : ; ? ! » and after «, as French typography wants', () => {
    const findings = texts.flatMap((text) => {
      const body = prose(text.text).replace(/^\s*[-:]/, ''); // a Markdown list item starts with "- "
      return [...body.matchAll(/(?:[ \p{L}\p{N})]|^)[:;?!»]|«(?:[ \p{L}\p{N}(]|$)/gu)]
        .filter((match) => !/^\p{N}:\p{N}/u.test(body.slice(match.index, match.index + 3))) // 14:30
        .map((match) => `${where(text)}: "${match[0]}" needs U+00A0`);
    });
    expect(report(findings)).toBe('');
  });

  it.runIf(code === 'he' || code === 'yi')('write Hebrew-script punctuation: gershayim ״, geresh ׳, maqaf ־', () => {
    const hebrew = '\\u05D0-\\u05EA\\u05F0-\\u05F2';
    const rules: [RegExp, string][] = [
      [new RegExp(`[${hebrew}]"[${hebrew}]`, 'gu'), 'gershayim ״ (U+05F4), not "'],
      [new RegExp(`[${hebrew}][\\u0591-\\u05C7]*'(?=[${hebrew}\\s.,;:!?)]|$)`, 'gu'), "geresh ׳ (U+05F3), not '"],
      [
        new RegExp(`[${hebrew}][\\u0591-\\u05C7]*-(?=\\S)|(?<=[\\p{L}\\p{N}])-(?=[${hebrew}])`, 'gu'),
        'maqaf ־ (U+05BE), not -',
      ],
    ];
    const findings = texts.flatMap((text) =>
      rules.flatMap(([pattern, rule]) =>
        [...text.text.matchAll(pattern)].map((match) => `${where(text)}: "${match[0]}" needs ${rule}`),
      ),
    );
    expect(report(findings)).toBe('');
  });

  it.runIf(code === 'he' || code === 'yi')('quote as the language does: Hebrew ״…״, Yiddish „…“ (YIVO)', () => {
    const letter = '[\\u05D0-\\u05EA\\u05F0-\\u05F2][\\u0591-\\u05C7]*';
    // Gershayim between two letters mark an abbreviation (דוא״ל); anywhere else they are a quotation mark.
    const gershayimQuote = new RegExp(`(?<!${letter})\u05F4|\u05F4(?!\\p{L})`, 'gu');
    const wrong = code === 'he' ? /["„“”]/g : /["”]/g;
    const findings = texts.flatMap((text) => {
      const body = prose(text.text);
      const found = [...body.matchAll(wrong)].map((match) => `${where(text)}: "${match[0]}"`);
      if (code === 'yi') {
        found.push(...[...body.matchAll(gershayimQuote)].map(() => `${where(text)}: ״ as a quotation mark`));
        const opened = body.split('„').length - 1;
        const closed = body.split('“').length - 1;
        if (opened !== closed) found.push(`${where(text)}: ${opened} „ but ${closed} “`);
      }
      return found;
    });
    expect(report(findings)).toBe('');
  });
});
