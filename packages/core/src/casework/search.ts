import type { CodeOf } from '../errors/error-codes.ts';
import { z } from '../forms/zod.ts';
import type { ReportListFilter } from './casework-api.ts';

/**
 * Search across sealed text (decision 0055). The same normal form for what is indexed and what is
 * searched: NFKC, lower case, diacritics (and Hebrew points) stripped, the Yiddish ligatures
 * spelled out, split on anything that is not a letter or a digit; words under 2 characters dropped.
 */
export const SEARCH_MIN_TOKEN_LENGTH = 2;
/** A word longer than this is cut there (no real word is; a pasted blob does not grow the index). */
export const SEARCH_MAX_TOKEN_LENGTH = 64;
export const SEARCH_MAX_LENGTH = 200;
/** Words of one search, all required. */
export const SEARCH_MAX_WORDS = 8;
export const SAVED_VIEW_NAME_MAX_LENGTH = 80;
/**
 * How long a member may page through a search they posted, by its handle (decision 0055): long
 * enough to work through the results, short enough that an address in a history or a log soon
 * leads nowhere. After it, they search again.
 */
export const SEARCH_HANDLE_MINUTES = 60;
/** Saved views per member. */
export const SAVED_VIEWS_MAX = 50;

const LIGATURES: Record<string, string> = { װ: 'וו', ױ: 'וי', ײ: 'יי', ﬠ: 'ע', ﬡ: 'א' };

/** The distinct words of a text in their normal form, in the order first met. */
export function searchTokens(text: string): string[] {
  const normal = text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[װױײﬠﬡ]/g, (ligature) => LIGATURES[ligature] ?? ligature)
    .normalize('NFC');
  const seen = new Set<string>();
  for (const word of normal.split(/[^\p{L}\p{N}]+/u)) {
    if ([...word].length < SEARCH_MIN_TOKEN_LENGTH) continue;
    seen.add([...word].slice(0, SEARCH_MAX_TOKEN_LENGTH).join(''));
  }
  return [...seen];
}

export type SearchErrorCode = CodeOf<'search'>;

/** What a member types in the search box: at least one word of two letters, at most eight words. */
export const searchSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, 'tooLong')
  .refine((value) => searchTokens(value).length > 0, 'noWords')
  .refine((value) => searchTokens(value).length <= SEARCH_MAX_WORDS, 'tooManyWords');

/** The list's filters a saved view keeps: every filter but the page. */
export type SavedViewFilters = Omit<ReportListFilter, 'page'>;

export const savedViewSchema = z.object({
  name: z.string().trim().min(1, 'viewNameRequired').max(SAVED_VIEW_NAME_MAX_LENGTH, 'viewNameTooLong'),
  /** Empty: a view of filters only. */
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, 'tooLong')
    .refine((value) => value === '' || searchTokens(value).length > 0, 'noWords')
    .refine((value) => searchTokens(value).length <= SEARCH_MAX_WORDS, 'tooManyWords'),
});

/** A member's saved view, as the list page shows it (its search opened for its owner only; empty: none). */
export type SavedView = { id: string; name: string; filters: SavedViewFilters; search: string; createdAt: string };

/** A view to save: its name, the list's filters as the page holds them, and the search typed (may be empty). */
export type SavedViewInput = { name: string; filters: SavedViewFilters; search: string };
