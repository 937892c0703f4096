import type { Language } from '@app/locales/languages';
import type { RouterContextProvider } from 'react-router';
import { appContext } from '../context.ts';
import type { LegalVersion } from '../paths.ts';
import { type DocumentName, renderMarkdown, SHIPPED_VERSIONS, shippedVersion } from './documents.server.ts';
import { effectiveSite } from './site-content.server.ts';

/** The version in force and every other one, newest first. */
export async function legalVersions(
  context: Readonly<RouterContextProvider>,
  name: DocumentName,
  language: Language,
): Promise<{ current: LegalVersion; others: LegalVersion[] }> {
  const history = await context.get(appContext).content.history(name, language);
  const edits = history
    .filter((entry) => !entry.isShippedText)
    .map((entry) => ({ slug: `edit-${entry.id}`, date: entry.createdAt.slice(0, 10), at: entry.createdAt }));
  const shipped = SHIPPED_VERSIONS[name].map(({ version, date }) => ({
    slug: String(version),
    date,
    version,
    at: date,
  }));
  const newest = history[0];
  const current = newest && !newest.isShippedText ? edits[0] : shipped[shipped.length - 1];
  const others = [...edits, ...shipped]
    .filter((entry) => entry.slug !== current?.slug)
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .map(({ at: _at, ...entry }) => entry);
  if (!current) throw new Error(`${name} has no shipped version`);
  const { at: _at, ...inForce } = current;
  return { current: inForce, others };
}

/** One version's text as HTML, with today's settings in its placeholders; undefined if the page names none. */
export async function legalVersionHtml(
  context: Readonly<RouterContextProvider>,
  name: DocumentName,
  language: Language,
  slug: string,
): Promise<string | undefined> {
  const edit = /^edit-([1-9][0-9]{0,15})$/.exec(slug);
  const shipped = /^[1-9][0-9]{0,3}$/.test(slug) ? shippedVersion(name, language, Number(slug)) : undefined;
  const markdown = edit?.[1]
    ? (await context.get(appContext).content.version(name, language, Number(edit[1])))?.body
    : shipped;
  return markdown === undefined ? undefined : renderMarkdown(markdown, language, await effectiveSite(context));
}
