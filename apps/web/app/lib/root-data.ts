import type { SiteSettings } from '@app/core/site/site-settings';
import type { Language } from '@app/locales/languages';
import type { MessageTree } from '../i18n/translator.ts';

/**
 * What the root loader (root.tsx) sends to every page. It lives here, not as `typeof loader` from
 * root.tsx, so that components and hooks read it without importing the root route module
 * (decision 0018); root.tsx declares its loader to return this type, so the two cannot drift.
 */
export type RootData = {
  language: Language;
  /** The site-wide `common` messages of the page's language (each page's loader sends its own). */
  messages: MessageTree;
  site: SiteSettings;
  cspNonce: string;
  /** Staff's announcement as HTML (Markdown rendered on the server); none in the staff area. */
  announcementHtml: string | undefined;
  /** Staff's wording of the emergency notice: plain text with the two number placeholders. */
  emergencyNoticeText: string | undefined;
};
