import { languageFromPath } from '@app/locales/languages';
import { useLocation, useMatches } from 'react-router';
import { type PublicPage, pageFromRouteId } from '../paths.ts';

/** The public page on screen and its language; `page` is undefined on error pages. */
export function useCurrentPage(): { page: PublicPage | undefined; language: ReturnType<typeof languageFromPath> } {
  const matches = useMatches();
  const { pathname } = useLocation();
  const match = matches.map((candidate) => pageFromRouteId(candidate.id)).find(Boolean);
  return { page: match?.page, language: match?.language ?? languageFromPath(pathname) };
}
