/**
 * The public form of a protected count (decision 0022): the count itself, "fewer than k" or
 * withheld. The rule that decides which is `figures/small-cell-protection.ts` (server only).
 */

/** What a visitor may see of a count. */
export type Protected = { kind: 'value'; value: number } | { kind: 'fewer' } | { kind: 'withheld' };

export type Relation = { total: string; members: readonly string[] };

/** `unpublished`: a part of a sum that no page shows (the rest of a month cut by a period's end). */
export type CellState = 'shown' | 'fewer' | 'withheld' | 'unpublished';

/** The threshold k: counts from 1 to k−1 are never published. Below 3 there would be nothing to hide. */
export const SMALL_CELL_MIN_THRESHOLD = 3;
export const SMALL_CELL_DEFAULT_THRESHOLD = 3;

/** A cell as the public may see it. */
export function publicCell(value: number, state: CellState | undefined): Protected {
  if (state === 'fewer') return { kind: 'fewer' };
  if (state === 'withheld') return { kind: 'withheld' };
  return { kind: 'value', value };
}

/**
 * A protected figure written compactly for pages and files: the count itself, or −1 for "fewer
 * than k", or −2 for withheld.
 */
export type PublicCount = number;
export const FEWER = -1;
export const WITHHELD = -2;

export function encodeCell(value: number, state: CellState | undefined): PublicCount {
  if (state === 'fewer') return FEWER;
  if (state === 'withheld') return WITHHELD;
  return value;
}
