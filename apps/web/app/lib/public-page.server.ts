import { languageFromPath } from '@app/locales/languages';
import type { RouterContextProvider } from 'react-router';
import type { PublicPage } from '../paths.ts';
import { buildPageHead } from './page-head.server.ts';

/** What every public page's loader returns at least: its language and its head tags. */
export function loadPublicPage(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  page: PublicPage,
) {
  const language = languageFromPath(new URL(request.url).pathname);
  return { language, head: buildPageHead(context, page, language) };
}
