import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The evidence pack page's one <style> element (decision 0026): the Noto fonts embedded as data:
 * URLs, then the print styles. Nothing is fetched, so the page prints the same anywhere.
 */

const require = createRequire(import.meta.url);

type Font = { family: string; file: string; range: string };
const FONTS: Font[] = [
  {
    family: 'Pack Sans',
    file: '@fontsource-variable/noto-sans/files/noto-sans-latin-wght-normal.woff2',
    range:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  },
  {
    family: 'Pack Sans',
    file: '@fontsource-variable/noto-sans/files/noto-sans-latin-ext-wght-normal.woff2',
    range:
      'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF',
  },
  {
    family: 'Pack Sans',
    file: '@fontsource-variable/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-wght-normal.woff2',
    range: 'U+0307-0308, U+0590-05FF, U+200C-2010, U+20AA, U+25CC, U+FB1D-FB4F',
  },
];

let fontFaces: string | undefined;

/** The @font-face rules, with each font as a data: URL (read once). */
function embeddedFonts(): string {
  fontFaces ??= FONTS.map(({ family, file, range }) => {
    const data = fs.readFileSync(require.resolve(file)).toString('base64');
    return `@font-face{font-family:"${family}";font-style:normal;font-weight:100 900;font-display:block;src:url(data:font/woff2;base64,${data}) format("woff2");unicode-range:${range}}`;
  }).join('\n');
  return fontFaces;
}

const STYLE = `
@page { size: A4; margin: 16mm 15mm; }
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-inline-size: 52rem; padding: 1.5rem; font-family: "Pack Sans", "Noto Sans", "Noto Sans Hebrew", sans-serif; font-size: 11pt; line-height: 1.5; color: #111; background: #fff; }
h1 { font-size: 1.7rem; margin-block: 0 0.25rem; }
h2 { font-size: 1.2rem; margin-block: 1.75rem 0.5rem; padding-block-end: 0.2rem; border-block-end: 2px solid #111; break-after: avoid; }
p { margin-block: 0.4rem; }
.confidential { border: 2px solid #111; padding: 0.4rem 0.6rem; font-weight: 700; }
.warning { border-inline-start: 6px solid #111; padding: 0.3rem 0.6rem; background: #eee; break-inside: avoid; }
.muted { color: #444; }
dl { display: grid; grid-template-columns: minmax(11rem, 1fr) 2fr; gap: 0.3rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; }
.words { white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; text-align: start; border-inline-start: 3px solid #888; padding-inline-start: 0.6rem; }
.words:lang(he), .words:lang(yi) { font-size: 1.08em; line-height: 1.7; }
.detail { white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; }
.ltr { direction: ltr; unicode-bidi: isolate; }
.name { white-space: nowrap; }
.code { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 0.85em; overflow-wrap: anywhere; }
ol.timeline { list-style: none; padding: 0; margin: 0; }
ol.timeline > li { display: grid; grid-template-columns: 11rem 1fr; gap: 1rem; padding-block: 0.5rem; border-block-end: 1px solid #ccc; break-inside: avoid; }
table { border-collapse: collapse; inline-size: 100%; }
th, td { border: 1px solid #999; padding: 0.3rem 0.4rem; text-align: start; vertical-align: top; }
thead th { background: #eee; }
.photos { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 1rem; margin-block-start: 1rem; }
figure { margin: 0; break-inside: avoid; }
figure img { display: block; max-inline-size: 100%; max-block-size: 20rem; border: 1px solid #999; }
figcaption { font-size: 0.9em; }
@media print { body { padding: 0; max-inline-size: none; } a { color: inherit; text-decoration: none; } }
`;

/** The whole style sheet: the fonts, then the rules. */
export function packStyle(): string {
  return `${embeddedFonts()}\n${STYLE}`;
}
