import { languageFromPath } from '@app/locales/languages';
import type { RouterContextProvider } from 'react-router';
import { pageMessagesFor } from '../i18n/messages.server.ts';
import type { PublicPage } from '../paths.ts';
import { buildPageHead } from './page-head.server.ts';

/**
 * What every public page's loader returns at least: its language, its head tags and its own
 * messages (the public layout adds them to the site-wide ones; the root sends only those).
 */
export function loadPublicPage(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  page: PublicPage,
  /** A page with a parameter (a yearly summary): its own message key, paths and values. */
  own?: Parameters<typeof buildPageHead>[3],
) {
  const language = languageFromPath(new URL(request.url).pathname);
  return {
    language,
    head: buildPageHead(context, page, language, own),
    pageMessages: pageMessagesFor(language, own?.key ?? page),
  };
}
