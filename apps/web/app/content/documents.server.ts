import { ERASURE_ANSWER_WORKING_DAYS } from '@app/core/casework/reporter-control';
import { withoutPolicyMarkers } from '@app/core/site/policy-fields';
import type { SiteSettings } from '@app/core/site/site-settings';
import enPrivacy from '@app/locales/en/privacy.md?raw';
import enTerms from '@app/locales/en/terms-of-use.md?raw';
import frPrivacy from '@app/locales/fr/privacy.md?raw';
import frTerms from '@app/locales/fr/terms-of-use.md?raw';
import hePrivacy from '@app/locales/he/privacy.md?raw';
import heTerms from '@app/locales/he/terms-of-use.md?raw';
import type { Language } from '@app/locales/languages';
import nlPrivacy from '@app/locales/nl/privacy.md?raw';
import nlTerms from '@app/locales/nl/terms-of-use.md?raw';
import { resources } from '@app/locales/resources';
import yiPrivacy from '@app/locales/yi/privacy.md?raw';
import yiTerms from '@app/locales/yi/terms-of-use.md?raw';
import { micromark } from 'micromark';
import { interpolate } from '../i18n/translator.ts';
import { localizedPath } from '../paths.ts';

export type DocumentName = 'privacy' | 'termsOfUse';

/** The texts shipped with the site, in Markdown; staff will be able to replace them (content editing). */
const SHIPPED: Record<DocumentName, Record<Language, string>> = {
  privacy: { en: enPrivacy, fr: frPrivacy, nl: nlPrivacy, he: hePrivacy, yi: yiPrivacy },
  termsOfUse: { en: enTerms, fr: frTerms, nl: nlTerms, he: heTerms, yi: yiTerms },
};

/**
 * The versions each legal text has shipped in, oldest first; the last one is the text of
 * `packages/locales/<language>/<file>.md`, each earlier one is kept, in every language, in
 * `packages/locales/<language>/versions/<file>-<version>.md` (decision 0045). A change in substance:
 * copy the current files there, then add a version here with the date it applies from.
 */
export const SHIPPED_VERSIONS: Record<DocumentName, readonly { version: number; date: string }[]> = {
  privacy: [
    { version: 1, date: '2026-11-22' },
    { version: 2, date: '2026-11-27' },
  ],
  termsOfUse: [
    { version: 1, date: '2026-11-22' },
    { version: 2, date: '2026-11-27' },
  ],
};

export const DOCUMENT_FILES: Record<DocumentName, string> = { privacy: 'privacy', termsOfUse: 'terms-of-use' };

/** The earlier shipped texts, by path: `…/locales/he/versions/privacy-1.md`. */
const ARCHIVED = import.meta.glob<string>('../../../../packages/locales/*/versions/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The shipped text of one version of a legal document, with its {{placeholders}} still in; undefined if there is none. */
export function shippedVersion(name: DocumentName, language: Language, version: number): string | undefined {
  const versions = SHIPPED_VERSIONS[name];
  if (version === versions[versions.length - 1]?.version) return SHIPPED[name][language];
  if (!versions.some((entry) => entry.version === version)) return undefined;
  const suffix = `/${language}/versions/${DOCUMENT_FILES[name]}-${version}.md`;
  return Object.entries(ARCHIVED).find(([file]) => file.endsWith(suffix))?.[1];
}

/** The shipped Markdown of a legal document, with its {{placeholders}} still in. */
export function shippedDocument(name: DocumentName, language: Language): string {
  return SHIPPED[name][language];
}

/** What the privacy policy says of a verified report's period: kept while open, or its months (decision 0040). */
function verifiedRetention(language: Language, site: SiteSettings): string {
  const { verified } = site.retentionPeriods;
  const legal = resources[language].common.pages.legal;
  return verified === undefined ? legal.verifiedKeptOpen : interpolate(legal.verifiedKeptMonths, { months: verified });
}

/**
 * Markdown as HTML, with the organisation's details from configuration put in its {{placeholders}}.
 * micromark escapes any raw HTML and drops javascript: links, so the result is safe to insert.
 */
export function renderMarkdown(markdown: string, language: Language, site: SiteSettings): string {
  const filled = interpolate(withoutPolicyMarkers(markdown), {
    organisation: site.organisationName,
    controller: site.address ? `${site.organisationName}, ${site.address}` : site.organisationName,
    email: site.email,
    emergencyNumber: site.emergencyNumber,
    policeNumber: site.policeNumber,
    retentionMonths: site.retentionMonths,
    retentionRejectedMonths: site.retentionPeriods.rejected,
    retentionClosedMonths: site.retentionPeriods.closed,
    retentionVerified: verifiedRetention(language, site),
    erasureAnswerDays: ERASURE_ANSWER_WORKING_DAYS,
    privacyUrl: localizedPath('privacy', language),
  });
  return micromark(filled);
}

/** A legal document as HTML: staff's edited text when there is one, else the shipped one. */
export function renderDocument(name: DocumentName, language: Language, site: SiteSettings, edited?: string): string {
  return renderMarkdown(edited ?? SHIPPED[name][language], language, site);
}
