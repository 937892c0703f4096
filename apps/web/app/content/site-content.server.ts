import type { ContentKey } from '@app/core/content';
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

/**
 * The staff-edited texts among `keys`, as HTML, for a public page; a key without an edit is absent
 * and the page shows its shipped text.
 */
export async function editedContent(
  context: Readonly<RouterContextProvider>,
  language: Language,
  keys: readonly ContentKey[],
): Promise<Partial<Record<ContentKey, { html: string; updatedAt: string }>>> {
  const { content, site } = context.get(appContext);
  const current = await content.current(language);
  const result: Partial<Record<ContentKey, { html: string; updatedAt: string }>> = {};
  for (const key of keys) {
    const edited = current[key];
    if (edited?.body) result[key] = { html: renderMarkdown(edited.body, language, site), updatedAt: edited.updatedAt };
  }
  return result;
}
