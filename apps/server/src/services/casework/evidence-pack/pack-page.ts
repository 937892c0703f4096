import { createHash } from 'node:crypto';
import type { EvidencePackDocument } from '@app/core/casework/evidence-pack';
import {
  escapeHtml,
  factsSection,
  filesSection,
  fill,
  identitySection,
  type PackLinks,
  type PackWriting,
  packWriting,
  row,
  timelineSection,
} from './pack-sections.ts';
import { packStyle } from './pack-style.ts';

/**
 * The evidence pack as one print-ready HTML page (decision 0026): no script, every style inline in
 * one <style> element, the Noto fonts embedded, so the same file prints the same from the staff
 * member's browser, from the zip on the recipient's computer, or on paper.
 *
 * The reporter's words go in as written, each paragraph in its own direction (`dir="auto"` and
 * `unicode-bidi: plaintext`): a Hebrew or Yiddish text reads right to left inside a Dutch, French
 * or English page, shaped by Noto Sans Hebrew with its points (nikud) and Yiddish digraphs.
 */

export type { PackLinks } from './pack-sections.ts';

export type RenderedPackPage = {
  html: string;
  /** The CSP source of the page's one <style> element, for the answer's Content-Security-Policy. */
  styleHash: string;
};

export function renderPackPage(document: EvidencePackDocument, links: PackLinks): RenderedPackPage {
  const w = packWriting(document);
  const style = packStyle();
  const styleHash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
  const html = `<!doctype html>
<html lang="${document.language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${styleHash}; font-src data:; img-src 'self'; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<title>${fill(w.m.title)} · ${escapeHtml(document.packId)}</title>
<style>${style}</style>
</head>
<body>
${packHeader(w, document)}
<main>
${factsSection(w, document.report)}
${identitySection(w, document.identity)}
${timelineSection(w, document)}
${filesSection(w, document.files, links)}
</main>
</body>
</html>
`;
  return { html, styleHash };
}

/** Who the pack is for, who made it and when, and its references. */
function packHeader(w: PackWriting, document: EvidencePackDocument): string {
  const { m } = w;
  return `<header>
<p class="confidential">${fill(m.confidential)}</p>
<h1>${fill(m.title)}</h1>
<p>${fill(m.handedTo, { recipient: m.recipients[document.recipient] })}</p>
<p>${fill(m.preparedBy, { organisation: document.organisationName, date: w.dateTime(document.producedAt) })}</p>
<dl>
${row(fill(m.packReference), `<span class="ltr code" data-pack-id>${escapeHtml(document.packId)}</span>`)}
${row(fill(m.reportReference), `<span class="ltr code">${escapeHtml(document.report.id)}</span>`)}
</dl>
<p class="muted">${fill(m.times)}</p>
</header>`;
}
