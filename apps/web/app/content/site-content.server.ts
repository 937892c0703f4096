import type { ContentKey } from '@app/core/site/content';
import type { SiteSettings } from '@app/core/site/site-settings';
import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import type { RouterContextProvider } from 'react-router';
import { appContext } from '../context.ts';
import { renderMarkdown, shippedDocument } from './documents.server.ts';

/**
 * The text a key shows when staff have not edited it, as Markdown (the editor starts from it).
 * Placeholders such as {{organisation}} stay in and are filled when the page is drawn.
 */
export function shippedMarkdown(key: ContentKey, language: Language): string {
  const pages = resources[language].common.pages;
  switch (key) {
    case 'announcement':
      return '';
    case 'emergencyNotice':
      return resources[language].common.emergency.body.replace(/<\/?(emergency|police)>/g, '');
    case 'aboutUs':
      return `${pages.home.about.body}\n\n${pages.home.about.confidential}`;
    case 'ourServices': {
      const services = pages.home.services;
      return (['communitySupport', 'incidentResponse', 'safetyWorkshops', 'lawEnforcement'] as const)
        .map((service) => `### ${services[service].title}\n\n${services[service].body}`)
        .join('\n\n');
    }
    case 'getInvolved':
      return pages.home.getInvolved.body;
    case 'howYouCanHelp':
      return Object.values(pages.incidents.howToHelp)
        .map((item) => `- ${item}`)
        .join('\n');
    case 'privacy':
      return shippedDocument('privacy', language);
    case 'termsOfUse':
      return shippedDocument('termsOfUse', language);
  }
}

/** The organisation's settings, with the emergency numbers staff set (Content) over the configured ones. */
export async function effectiveSite(context: Readonly<RouterContextProvider>): Promise<SiteSettings> {
  const { content, site } = context.get(appContext);
  const numbers = await content.emergencyNumbers();
  return numbers ? { ...site, emergencyNumber: numbers.emergencyNumber, policeNumber: numbers.policeNumber } : site;
}

/**
 * The staff-edited texts among `keys`, as HTML, for a public page; a key without an edit is absent
 * and the page shows its shipped text.
 */
export async function editedContent(
  context: Readonly<RouterContextProvider>,
  language: Language,
  keys: readonly ContentKey[],
): Promise<Partial<Record<ContentKey, { html: string; updatedAt: string }>>> {
  const { content } = context.get(appContext);
  const [current, site] = await Promise.all([content.current(language), effectiveSite(context)]);
  const result: Partial<Record<ContentKey, { html: string; updatedAt: string }>> = {};
  for (const key of keys) {
    const edited = current[key];
    if (edited?.body) result[key] = { html: renderMarkdown(edited.body, language, site), updatedAt: edited.updatedAt };
  }
  return result;
}
