import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { SITE_TIME_ZONE } from '@app/core/dates';
import type { EvidencePackDocument, PackEvent, PackFileEntry, PackLanguage } from '@app/core/evidence-pack';
import { type EvidencePackMessages, evidencePackMessages } from '@app/locales/evidence-pack';
import { resources } from '@app/locales/resources';

/**
 * The evidence pack as one print-ready HTML page (decision 0026): no script, every style inline in
 * one <style> element, the Noto fonts embedded, so the same file prints the same from the staff
 * member's browser, from the zip on the recipient's computer, or on paper.
 *
 * The reporter's words go in as written, each paragraph in its own direction (`dir="auto"` and
 * `unicode-bidi: plaintext`): a Hebrew or Yiddish text reads right to left inside a Dutch, French
 * or English page, shaped by Noto Sans Hebrew with its points (nikud) and Yiddish digraphs.
 */

/** Where the page finds a file: a path inside the zip, or the staff area's download for the page sent alone. */
export type PackLinks = {
  file(file: PackFileEntry): string;
  image(file: PackFileEntry): string;
};

/** Belgian conventions for the Belgian recipients: 25 november 2026, 25 novembre 2026, 25 November 2026. */
const PACK_LOCALES: Record<PackLanguage, string> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB' };

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

/** Text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** `{{name}}` replaced by escaped values (the messages themselves are ours, and escaped too). */
function fill(message: string, values: Record<string, string> = {}): string {
  return escapeHtml(message).replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name] ?? '');
}

export type RenderedPackPage = {
  html: string;
  /** The CSP source of the page's one <style> element, for the answer's Content-Security-Policy. */
  styleHash: string;
};

export function renderPackPage(document: EvidencePackDocument, links: PackLinks): RenderedPackPage {
  const { language, report } = document;
  const m: EvidencePackMessages = evidencePackMessages[language];
  const site = resources[language];
  const tag = PACK_LOCALES[language];
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: SITE_TIME_ZONE });
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(tag);
  const languageName = (code: string) => new Intl.DisplayNames([tag], { type: 'language' }).of(code) ?? code;
  const at = (iso: string) =>
    `<time datetime="${escapeHtml(iso)}">${escapeHtml(dateTime.format(new Date(iso)))}</time>`;
  const yesNo = (value: boolean) => (value ? fill(m.facts.yes) : fill(m.facts.no));
  const status = (value: keyof typeof site.internal.reportStatus) => escapeHtml(site.internal.reportStatus[value]);
  // The reporter's words: marked with the report's language, each paragraph in its own direction.
  const words = (text: string) =>
    `<div class="words" lang="${escapeHtml(report.language)}" dir="auto">${escapeHtml(text)}</div>`;
  // The reporter's details: their own direction too, but no language of their own.
  const detail = (text: string) => `<span class="detail" dir="auto">${escapeHtml(text)}</span>`;
  const row = (label: string, value: string) => `<dt>${label}</dt><dd>${value}</dd>`;

  const facts = [
    row(fill(m.facts.received), at(report.receivedAt)),
    row(fill(m.facts.reportLanguage), escapeHtml(languageName(report.language))),
    row(
      fill(m.facts.status),
      status(report.status) +
        (report.rejectionReason ? ` (${escapeHtml(site.internal.casework.reasons[report.rejectionReason])})` : ''),
    ),
    row(fill(m.facts.type), escapeHtml(site.forms.incidentTypes[report.incidentType].label)),
    row(
      fill(m.facts.date),
      `<time datetime="${escapeHtml(report.incidentDate)}">${escapeHtml(day.format(new Date(`${report.incidentDate}T00:00:00Z`)))}</time>`,
    ),
    row(
      fill(m.facts.time),
      report.incidentTime ? `<span class="ltr">${escapeHtml(report.incidentTime)}</span>` : fill(m.facts.notGiven),
    ),
    row(fill(m.facts.location), words(report.location)),
    row(fill(m.facts.description), words(report.description)),
    ...(report.municipality && report.province
      ? [
          row(
            fill(m.facts.place),
            `${escapeHtml(report.municipality)}, ${escapeHtml(site.internal.casework.provinces[report.province])}`,
          ),
        ]
      : []),
    row(fill(m.facts.calledPolice), yesNo(report.calledPolice)),
    ...(report.policeReportNumber
      ? [
          row(
            fill(m.facts.policeReportNumber),
            `<span class="ltr code">${escapeHtml(report.policeReportNumber)}</span>`,
          ),
        ]
      : []),
    row(fill(m.facts.calledOrganisation), yesNo(report.calledOrganisation)),
    row(fill(m.facts.medicalTreatment), yesNo(report.medicalTreatment)),
  ].join('\n');

  const identity = document.identity
    ? `<p>${fill(document.identity.consent === 'ask-first' ? m.identity.consentedAfterAsking : m.identity.consented)}</p>
<dl data-identity="included">
${(['firstName', 'lastName', 'phone', 'email', 'address'] as const)
  .filter((field) => document.identity?.[field])
  .map((field) => row(fill(m.identity[field]), detail(document.identity?.[field] ?? '')))
  .join('\n')}
</dl>`
    : `<p data-identity="withheld"><strong>${fill(m.identity.withheld)}</strong></p>`;

  const event = (item: PackEvent) => {
    if (item.kind === 'received') return `<p>${fill(m.timeline.received)}</p>`;
    if (item.kind === 'status') {
      return `<p>${fill(m.timeline.statusChanged, { from: status(item.from), to: status(item.to) })}</p>${
        item.reason ? `<p>${fill(m.timeline.reason, { reason: site.internal.casework.reasons[item.reason] })}</p>` : ''
      }`;
    }
    if (item.author === 'system') return `<p>${fill(m.timeline.acknowledgement)}</p>`;
    const heading = item.author === 'reporter' ? m.timeline.fromReporter : m.timeline.fromOrganisation;
    return `<p><strong>${fill(heading)}</strong></p>${words(item.body ?? '')}${
      item.fileNumbers.length > 0
        ? `<p class="muted">${fill(m.timeline.filesSent, { numbers: item.fileNumbers.map((n) => number.format(n)).join(', ') })}</p>`
        : ''
    }`;
  };
  const messageNote = {
    none: m.timeline.noMessages,
    all: m.timeline.allMessages,
    picked: m.timeline.pickedMessages,
  }[document.messageChoice];
  const timeline = document.timeline
    .map((item) => `<li><div>${at(item.at)}</div><div>${event(item)}</div></li>`)
    .join('\n');

  const fileRows = document.files
    .map(
      (file) => `<tr>
<td>${escapeHtml(number.format(file.number))}</td>
<td><a class="ltr code name" href="${escapeHtml(links.file(file))}">${escapeHtml(file.packName)}</a></td>
<td class="ltr">${escapeHtml(file.contentType)}</td>
<td>${escapeHtml(number.format(file.size))}</td>
<td class="code ltr" data-sha256>${escapeHtml(file.sha256)}</td>
<td>${file.messageAt ? fill(m.files.withMessage, { date: dateTime.format(new Date(file.messageAt)) }) : fill(m.files.withReport)}</td>
</tr>`,
    )
    .join('\n');
  const photos = document.files
    .filter((file) => file.isImage)
    .map(
      (file) =>
        `<figure><img src="${escapeHtml(links.image(file))}" alt="${fill(m.files.image, { number: number.format(file.number) })}"><figcaption>${fill(m.files.image, { number: number.format(file.number) })} · <span class="ltr code">${escapeHtml(file.packName)}</span></figcaption></figure>`,
    )
    .join('\n');
  // A PDF received before PDFs were cleaned (decision 0031) may still name its author: said for each.
  const uncleaned = document.files
    .filter((file) => !file.metadataRemoved)
    .map(
      (file) =>
        `<p class="warning" data-metadata-kept="${escapeHtml(file.attachmentId)}"><strong>${fill(m.files.metadataNotRemoved, { number: number.format(file.number) })}</strong></p>`,
    )
    .join('\n');
  const files =
    document.files.length === 0
      ? `<p>${fill(m.files.none)}</p>`
      : `${uncleaned}<p>${fill(m.files.fingerprints)}</p>
<table>
<thead><tr><th scope="col">${fill(m.files.number)}</th><th scope="col">${fill(m.files.name)}</th><th scope="col">${fill(m.files.type)}</th><th scope="col">${fill(m.files.size)}</th><th scope="col">${fill(m.files.sha256)}</th><th scope="col">${fill(m.files.sent)}</th></tr></thead>
<tbody>
${fileRows}
</tbody>
</table>
${photos ? `<div class="photos">${photos}</div>` : ''}`;

  const style = `${embeddedFonts()}\n${STYLE}`;
  const styleHash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
  const html = `<!doctype html>
<html lang="${language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${styleHash}; font-src data:; img-src 'self'; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<title>${fill(m.title)} · ${escapeHtml(document.packId)}</title>
<style>${style}</style>
</head>
<body>
<header>
<p class="confidential">${fill(m.confidential)}</p>
<h1>${fill(m.title)}</h1>
<p>${fill(m.handedTo, { recipient: m.recipients[document.recipient] })}</p>
<p>${fill(m.preparedBy, { organisation: document.organisationName, date: dateTime.format(new Date(document.producedAt)) })}</p>
<dl>
${row(fill(m.packReference), `<span class="ltr code" data-pack-id>${escapeHtml(document.packId)}</span>`)}
${row(fill(m.reportReference), `<span class="ltr code">${escapeHtml(report.id)}</span>`)}
</dl>
<p class="muted">${fill(m.times)}</p>
</header>
<main>
<section aria-labelledby="facts"><h2 id="facts">${fill(m.facts.title)}</h2>
<dl>
${facts}
</dl>
<p class="muted">${fill(m.facts.ownWords)}</p>
</section>
<section aria-labelledby="reporter"><h2 id="reporter">${fill(m.identity.title)}</h2>
${identity}
</section>
<section aria-labelledby="timeline"><h2 id="timeline">${fill(m.timeline.title)}</h2>
<p class="muted">${fill(messageNote)}</p>
<ol class="timeline">
${timeline}
</ol>
</section>
<section aria-labelledby="files"><h2 id="files">${fill(m.files.title)}</h2>
${files}
</section>
</main>
</body>
</html>
`;
  return { html, styleHash };
}
