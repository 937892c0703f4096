import type { RouterContextProvider } from 'react-router';
import { loadPublicPage } from '../lib/public-page.server.ts';
import { renderDocument } from './documents.server.ts';
import { legalVersions } from './legal-versions.server.ts';
import { editedContent, effectiveSite } from './site-content.server.ts';

/**
 * The loader's data of a legal document's page (the privacy notice, the terms of use): the text
 * staff edited, or the one shipped with the site, and the versions a visitor may read.
 */
export async function loadLegalPage(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  name: 'privacy' | 'termsOfUse',
) {
  const page = loadPublicPage(args, name);
  const [edited, versions] = await Promise.all([
    editedContent(args.context, page.language, [name]),
    legalVersions(args.context, name, page.language),
  ]);
  const text = edited[name];
  return {
    ...page,
    html: text ? text.html : renderDocument(name, page.language, await effectiveSite(args.context)),
    ...versions,
  };
}
