import { type Language, languageFromPath } from '@app/locales/languages';
import { useLocation, useMatches } from 'react-router';
import { localizedPath, type PublicPage, pageFromRouteId, yearlyPath } from '../paths.ts';

/**
 * The public page on screen and its language; `page` is undefined on error pages. `pathIn` gives
 * the same page in another language (a yearly summary keeps its year), else the home page.
 */
export function useCurrentPage(): {
  page: PublicPage | undefined;
  language: ReturnType<typeof languageFromPath>;
  pathIn: (language: Language) => string;
} {
  const matches = useMatches();
  const { pathname } = useLocation();
  const match = matches.map((candidate) => pageFromRouteId(candidate.id)).find(Boolean);
  const year = matches.find((candidate) => candidate.id.startsWith('incidentsYear___'))?.params.year;
  const pathIn = (language: Language) =>
    year ? yearlyPath(Number(year), language) : localizedPath(match?.page ?? 'home', language);
  return { page: match?.page, language: match?.language ?? languageFromPath(pathname), pathIn };
}
