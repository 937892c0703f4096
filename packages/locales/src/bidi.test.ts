import { describe, expect, it } from 'vitest';
import { FSI, isolate, PDI, unisolatedLatin } from './bidi.ts';
import { languageTexts } from './texts.ts';

describe('the reading of Latin inside right-to-left text', () => {
  it('asks for an isolate around codes, addresses, URLs, an ellipsis after Latin and each item of a Latin list', () => {
    expect(unisolatedLatin('למשל 3f2c…')).toEqual([
      '"3f2c…": the ellipsis after a code belongs in the code\'s isolate',
      '"3f2c": a code, an address or a URL is isolated',
    ]);
    expect(unisolatedLatin('למשל dana@example.org.')).toHaveLength(1);
    expect(unisolatedLatin('מ־https://example.org')).toHaveLength(1);
    expect(unisolatedLatin('עם טביעת האצבע SHA-256 של כל קובץ')).toHaveLength(1);
    expect(unisolatedLatin('עד 10 MB: JPEG, PNG, WebP או PDF')).toEqual([
      '"MB: JPEG": Latin items joined by punctuation are isolated one by one',
      '"JPEG, PNG": Latin items joined by punctuation are isolated one by one',
      '"PNG, WebP": Latin items joined by punctuation are isolated one by one',
    ]);
    expect(unisolatedLatin('<code>{{status}}</code>: exact, fewer')).toHaveLength(1);
  });

  it('accepts them isolated, and leaves single Latin words, names and placeholders alone', () => {
    expect(unisolatedLatin(`למשל ${isolate('3f2c…')}`)).toEqual([]);
    expect(unisolatedLatin(`עד 10 MB: ${isolate('JPEG')}, ${isolate('PNG')}, ${isolate('WebP')} או PDF`)).toEqual([]);
    expect(unisolatedLatin('למשטרה או ל־Unia? JavaScript כבוי. מקש Esc.')).toEqual([]);
    expect(unisolatedLatin('<code>{{status}}</code>: <code>{{exact}}</code>, <code>{{fewer}}</code>')).toEqual([]);
    expect(unisolatedLatin('(סעיף 6(1)(a) וסעיף 9(2)(a) ל־GDPR)')).toEqual([]);
    // A Markdown document does not show its link targets; a message that teaches Markdown shows them.
    expect(unisolatedLatin('[דף המעקב](https://example.org/he/follow-up)', { markdown: true })).toEqual([]);
    expect(unisolatedLatin('[טקסט](https://example.org)')).toHaveLength(1);
  });
});

describe.each(['he', 'yi'] as const)('the %s texts', (code) => {
  const texts = languageTexts(code);

  it('isolate every Latin code, list and ellipsis (U+2068 … U+2069), so that they read in order', () => {
    const findings = texts.flatMap((text) =>
      unisolatedLatin(text.text, { markdown: text.file.endsWith('.md') }).map(
        (finding) => `${text.file} ${text.key}: ${finding}`,
      ),
    );
    expect(findings.length === 0 ? '' : `\n${findings.join('\n')}\n`).toBe('');
  });

  it('open isolates with FSI only and close each one, so that none runs on into the rest of the page', () => {
    const findings = texts.flatMap((text) => {
      const found: string[] = [];
      if (/[\u2066\u2067\u202A-\u202E]/.test(text.text)) found.push('LRI, RLI or an embedding: use FSI (U+2068)');
      let depth = 0;
      for (const character of text.text) {
        if (character === FSI) depth += 1;
        if (character === PDI) depth -= 1;
        if (depth < 0 || depth > 1) break;
      }
      if (depth !== 0) found.push('an FSI without its PDI, a PDI without its FSI, or one isolate inside another');
      return found.map((finding) => `${text.file} ${text.key}: ${finding}`);
    });
    expect(findings.length === 0 ? '' : `\n${findings.join('\n')}\n`).toBe('');
  });
});
