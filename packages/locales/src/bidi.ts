// Latin inside Hebrew and Yiddish text. The Unicode bidirectional algorithm lays a run of Latin letters,
// digits and the punctuation between them out left to right, as one block: in a right-to-left sentence,
// "עד 10 MB: JPEG, PNG" shows the 10 beside PNG and the MB far from it, "למשל 3f2c…" puts the ellipsis
// before the code, and "status: exact, fewer" reads backwards for a right-to-left reader. Each such
// code or item is put in an isolate, U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE
// ("⁨JPEG⁩, ⁨PNG⁩"): inside it, the code keeps its own order; outside, it is one neutral character
// and the sentence's punctuation takes the sentence's direction. The isolates work in plain text too
// (the emails); where a message is rendered as markup, the tag may do it instead (`<code>` of the
// open-data page is drawn in a <bdi>).

/** U+2068 FIRST STRONG ISOLATE: the isolate takes the direction of its first letter. */
export const FSI = '\u2068';
/** U+2069 POP DIRECTIONAL ISOLATE: closes it. */
export const PDI = '\u2069';

/** `⁨value⁩`: a value (a code, an address, a Latin name in a list) isolated from the sentence around it. */
export const isolate = (value: string) => `${FSI}${value}${PDI}`;

/** Tags whose renderer isolates their content: `<code>` is drawn as <bdi><code>. */
const ISOLATING_TAGS = ['code'];

/** A Latin token: letters and digits, joined inside by - _ . @ / + : (SHA-256, dana@example.org, https://x). */
const TOKEN = /[A-Za-z0-9](?:[A-Za-z0-9]|[-_.@/+:](?=[A-Za-z0-9/]))*/g;
const HEBREW_LETTER = /[\u05D0-\u05EA\u05F0-\u05F2]/;

/** What the reader sees of the text's own words: isolates, isolating tags, other tags and placeholders go. */
function visibleOutsideIsolates(text: string, markdown: boolean): string {
  const neutral = PDI; // neither a letter, a digit nor the punctuation the rules below look for
  const visible = text
    .replace(/[\u2066-\u2068][^\u2069]*\u2069/g, neutral)
    .replace(new RegExp(`<(${ISOLATING_TAGS.join('|')})>.*?</\\1>`, 'gs'), neutral)
    .replace(/<\/?\w+>/g, '')
    .replace(/\{\{\s*\w+\s*\}\}/g, neutral);
  // A Markdown document's link targets are not shown; a message that shows Markdown syntax shows them.
  return markdown ? visible.replace(/\]\([^)]*\)/g, ']') : visible;
}

const hasLetter = (token: string) => /[A-Za-z]/.test(token);

/**
 * The Latin in a right-to-left text that the bidirectional algorithm would show out of order, each
 * with the rule it breaks; [] when every code, every list of Latin items and every ellipsis after
 * Latin is isolated. A single Latin word or name (Unia, JavaScript, PDF) needs nothing.
 */
export function unisolatedLatin(text: string, { markdown = false } = {}): string[] {
  const visible = visibleOutsideIsolates(text, markdown);
  const tokens = [...visible.matchAll(TOKEN)].map((match) => ({ text: match[0], end: match.index + match[0].length }));
  const findings: string[] = [];
  for (const [index, token] of tokens.entries()) {
    const after = visible.slice(token.end);
    if (after.startsWith('…') || after.startsWith('...')) {
      findings.push(`"${token.text}…": the ellipsis after a code belongs in the code's isolate`);
    }
    if ((hasLetter(token.text) && /[0-9]/.test(token.text)) || /@|:\/\/|[A-Za-z]\.[A-Za-z]/.test(token.text)) {
      findings.push(`"${token.text}": a code, an address or a URL is isolated`);
    }
    const next = tokens[index + 1];
    if (!next) continue;
    const gap = visible.slice(token.end, next.end - next.text.length);
    if (
      !HEBREW_LETTER.test(gap) &&
      !gap.includes(PDI) &&
      /[,:;]/.test(gap) &&
      (hasLetter(token.text) || hasLetter(next.text))
    ) {
      findings.push(`"${token.text}${gap}${next.text}": Latin items joined by punctuation are isolated one by one`);
    }
  }
  return findings;
}
