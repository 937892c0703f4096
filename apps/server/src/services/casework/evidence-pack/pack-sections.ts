import type { EvidencePackDocument, PackEvent, PackFileEntry, PackLanguage } from '@app/core/casework/evidence-pack';
import { SITE_TIME_ZONE } from '@app/core/site/dates';
import { evidencePackMessages } from '@app/locales/evidence-pack';
import { resources } from '@app/locales/resources';

/**
 * The sections of the evidence pack page (services/casework/evidence-pack/pack-page.ts): the facts, the
 * reporter, the timeline and the files, each as HTML in the pack's language, every value escaped.
 */

/** Where the page finds a file: a path inside the zip, or the staff area's download for the page sent alone. */
export type PackLinks = {
  file(file: PackFileEntry): string;
  image(file: PackFileEntry): string;
};

/** Belgian conventions for the Belgian recipients: 25 november 2026, 25 novembre 2026, 25 November 2026. */
const PACK_LOCALES: Record<PackLanguage, string> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB' };

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
export function fill(message: string, values: Record<string, string> = {}): string {
  return escapeHtml(message).replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name] ?? '');
}

/** One term and its value in a description list. */
export const row = (label: string, value: string) => `<dt>${label}</dt><dd>${value}</dd>`;

/** The pack's messages and formats in its language, and the few ways the page writes a value. */
export function packWriting(document: EvidencePackDocument) {
  const { language, report } = document;
  const m = evidencePackMessages[language];
  const site = resources[language];
  const tag = PACK_LOCALES[language];
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: SITE_TIME_ZONE });
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(tag);
  return {
    m,
    site,
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    day: (date: string) => day.format(new Date(`${date}T00:00:00Z`)),
    number: (value: number) => number.format(value),
    languageName: (code: string) => new Intl.DisplayNames([tag], { type: 'language' }).of(code) ?? code,
    at: (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(dateTime.format(new Date(iso)))}</time>`,
    yesNo: (value: boolean) => (value ? fill(m.facts.yes) : fill(m.facts.no)),
    status: (value: keyof typeof site.internal.reportStatus) => escapeHtml(site.internal.reportStatus[value]),
    /** The reporter's words: marked with the report's language, each paragraph in its own direction. */
    words: (text: string) =>
      `<div class="words" lang="${escapeHtml(report.language)}" dir="auto">${escapeHtml(text)}</div>`,
    /** The reporter's details: their own direction too, but no language of their own. */
    detail: (text: string) => `<span class="detail" dir="auto">${escapeHtml(text)}</span>`,
  };
}

export type PackWriting = ReturnType<typeof packWriting>;

/** The report's facts, as the reporter gave them and as the case stands. */
export function factsSection(w: PackWriting, report: EvidencePackDocument['report']): string {
  const { m, site } = w;
  const facts = [
    row(fill(m.facts.received), w.at(report.receivedAt)),
    row(fill(m.facts.reportLanguage), escapeHtml(w.languageName(report.language))),
    row(
      fill(m.facts.status),
      w.status(report.status) +
        (report.rejectionReason ? ` (${escapeHtml(site.internal.casework.reasons[report.rejectionReason])})` : ''),
    ),
    row(fill(m.facts.type), escapeHtml(site.forms.incidentTypes[report.incidentType].label)),
    row(
      fill(m.facts.date),
      `<time datetime="${escapeHtml(report.incidentDate)}">${escapeHtml(w.day(report.incidentDate))}</time>`,
    ),
    row(
      fill(m.facts.time),
      report.incidentTime ? `<span class="ltr">${escapeHtml(report.incidentTime)}</span>` : fill(m.facts.notGiven),
    ),
    row(fill(m.facts.location), w.words(report.location)),
    row(fill(m.facts.description), w.words(report.description)),
    ...(report.municipality && report.province
      ? [
          row(
            fill(m.facts.place),
            `${escapeHtml(report.municipality)}, ${escapeHtml(site.internal.casework.provinces[report.province])}`,
          ),
        ]
      : []),
    row(fill(m.facts.calledPolice), w.yesNo(report.calledPolice)),
    ...(report.policeReportNumber
      ? [
          row(
            fill(m.facts.policeReportNumber),
            `<span class="ltr code">${escapeHtml(report.policeReportNumber)}</span>`,
          ),
        ]
      : []),
    row(fill(m.facts.calledOrganisation), w.yesNo(report.calledOrganisation)),
    row(fill(m.facts.medicalTreatment), w.yesNo(report.medicalTreatment)),
  ].join('\n');
  return `<section aria-labelledby="facts"><h2 id="facts">${fill(m.facts.title)}</h2>
<dl>
${facts}
</dl>
<p class="muted">${fill(m.facts.ownWords)}</p>
</section>`;
}

/** The reporter's identity when it went in (with their consent), else a sentence saying it was withheld. */
export function identitySection(w: PackWriting, identity: EvidencePackDocument['identity']): string {
  const { m } = w;
  const content = identity
    ? `<p>${fill(identity.consent === 'ask-first' ? m.identity.consentedAfterAsking : m.identity.consented)}</p>
<dl data-identity="included">
${(['firstName', 'lastName', 'phone', 'email', 'address'] as const)
  .filter((field) => identity[field])
  .map((field) => row(fill(m.identity[field]), w.detail(identity[field])))
  .join('\n')}
</dl>`
    : `<p data-identity="withheld"><strong>${fill(m.identity.withheld)}</strong></p>`;
  return `<section aria-labelledby="reporter"><h2 id="reporter">${fill(m.identity.title)}</h2>
${content}
</section>`;
}

/** What happened to the report, in order: received, each change of status, the messages chosen. */
export function timelineSection(w: PackWriting, document: EvidencePackDocument): string {
  const { m } = w;
  const messageNote = {
    none: m.timeline.noMessages,
    all: m.timeline.allMessages,
    picked: m.timeline.pickedMessages,
  }[document.messageChoice];
  const timeline = document.timeline
    .map((item) => `<li><div>${w.at(item.at)}</div><div>${timelineEvent(w, item)}</div></li>`)
    .join('\n');
  return `<section aria-labelledby="timeline"><h2 id="timeline">${fill(m.timeline.title)}</h2>
<p class="muted">${fill(messageNote)}</p>
<ol class="timeline">
${timeline}
</ol>
</section>`;
}

function timelineEvent(w: PackWriting, item: PackEvent): string {
  const { m, site } = w;
  if (item.kind === 'received') return `<p>${fill(m.timeline.received)}</p>`;
  if (item.kind === 'status') {
    return `<p>${fill(m.timeline.statusChanged, { from: w.status(item.from), to: w.status(item.to) })}</p>${
      item.reason ? `<p>${fill(m.timeline.reason, { reason: site.internal.casework.reasons[item.reason] })}</p>` : ''
    }`;
  }
  if (item.author === 'system') return `<p>${fill(m.timeline.acknowledgement)}</p>`;
  const heading = item.author === 'reporter' ? m.timeline.fromReporter : m.timeline.fromOrganisation;
  return `<p><strong>${fill(heading)}</strong></p>${w.words(item.body ?? '')}${
    item.fileNumbers.length > 0
      ? `<p class="muted">${fill(m.timeline.filesSent, { numbers: item.fileNumbers.map(w.number).join(', ') })}</p>`
      : ''
  }`;
}

/** The files: a warning for each PDF that kept its metadata, their fingerprints, then the photos. */
export function filesSection(w: PackWriting, files: PackFileEntry[], links: PackLinks): string {
  const { m } = w;
  return `<section aria-labelledby="files"><h2 id="files">${fill(m.files.title)}</h2>
${files.length === 0 ? `<p>${fill(m.files.none)}</p>` : `${uncleanedWarnings(w, files)}<p>${fill(m.files.fingerprints)}</p>\n${fileTable(w, files, links)}\n${photos(w, files, links)}`}
</section>`;
}

/** A PDF received before PDFs were cleaned (decision 0031) may still name its author: said for each. */
function uncleanedWarnings(w: PackWriting, files: PackFileEntry[]): string {
  return files
    .filter((file) => !file.metadataRemoved)
    .map(
      (file) =>
        `<p class="warning" data-metadata-kept="${escapeHtml(file.attachmentId)}"><strong>${fill(w.m.files.metadataNotRemoved, { number: w.number(file.number) })}</strong></p>`,
    )
    .join('\n');
}

function fileTable(w: PackWriting, files: PackFileEntry[], links: PackLinks): string {
  const { m } = w;
  const rows = files
    .map(
      (file) => `<tr>
<td>${escapeHtml(w.number(file.number))}</td>
<td><a class="ltr code name" href="${escapeHtml(links.file(file))}">${escapeHtml(file.packName)}</a></td>
<td class="ltr">${escapeHtml(file.contentType)}</td>
<td>${escapeHtml(w.number(file.size))}</td>
<td class="code ltr" data-sha256>${escapeHtml(file.sha256)}</td>
<td>${file.messageAt ? fill(m.files.withMessage, { date: w.dateTime(file.messageAt) }) : fill(m.files.withReport)}</td>
</tr>`,
    )
    .join('\n');
  return `<table>
<thead><tr><th scope="col">${fill(m.files.number)}</th><th scope="col">${fill(m.files.name)}</th><th scope="col">${fill(m.files.type)}</th><th scope="col">${fill(m.files.size)}</th><th scope="col">${fill(m.files.sha256)}</th><th scope="col">${fill(m.files.sent)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function photos(w: PackWriting, files: PackFileEntry[], links: PackLinks): string {
  const figures = files
    .filter((file) => file.isImage)
    .map((file) => {
      const caption = fill(w.m.files.image, { number: w.number(file.number) });
      return `<figure><img src="${escapeHtml(links.image(file))}" alt="${caption}"><figcaption>${caption} · <span class="ltr code">${escapeHtml(file.packName)}</span></figcaption></figure>`;
    })
    .join('\n');
  return figures ? `<div class="photos">${figures}</div>` : '';
}
