/**
 * Small-cell protection of the public figures (decision 0022).
 *
 * Every public figure is a cell of one lattice of counts, tied together by relations "this total
 * is the sum of those cells" (a month's total is the sum of its types, a year's total the sum of
 * its months, a province's total the sum of its types…). The rule:
 *
 * 1. A cell between 1 and k−1 is shown as "fewer than k" (primary suppression). Zero stays zero.
 * 2. For every relation whose total is shown, a visitor knows the sum of its hidden members (the
 *    total minus the shown ones) and the range of each hidden member: [1, k−1] for a "fewer than k"
 *    cell, [k, ∞) for a cell withheld to protect another one. If that pins any hidden member to a
 *    single value, one more member is withheld (secondary suppression): the smallest shown one that
 *    ends the pinning, else the largest, else the total itself.
 * 3. Step 2 is repeated over every relation until nothing changes, since a cell withheld for one
 *    relation is a member or a total of others.
 */

/** What a visitor may see of a count. */
export type Protected = { kind: 'value'; value: number } | { kind: 'fewer' } | { kind: 'withheld' };

export type Relation = { total: string; members: readonly string[] };

/** `unpublished`: a part of a sum that no page shows (the rest of a month cut by a period's end). */
export type CellState = 'shown' | 'fewer' | 'withheld' | 'unpublished';

/** The threshold k: counts from 1 to k−1 are never published. Below 3 there would be nothing to hide. */
export const SMALL_CELL_MIN_THRESHOLD = 3;
export const SMALL_CELL_DEFAULT_THRESHOLD = 3;

type Range = { low: number; high: number };

function rangeOf(state: CellState, value: number, k: number): Range {
  if (state === 'shown') return { low: value, high: value };
  if (state === 'unpublished') return { low: 0, high: Number.POSITIVE_INFINITY };
  return state === 'fewer' ? { low: 1, high: k - 1 } : { low: k, high: Number.POSITIVE_INFINITY };
}

/**
 * True when a visitor who knows the relation (total = sum of members), the shown figures and the
 * range of each hidden one ("fewer than k": 1 to k−1; withheld: k or more) can work out a hidden
 * figure exactly.
 */
function pins(
  relation: Relation,
  values: ReadonlyMap<string, number>,
  states: ReadonlyMap<string, CellState>,
  k: number,
) {
  // Σ members − total = 0, each term with its sign and range.
  const terms = [{ sign: -1, id: relation.total }, ...relation.members.map((id) => ({ sign: 1, id }))].map(
    ({ sign, id }) => {
      const state = states.get(id) ?? 'shown';
      return { sign, state, range: rangeOf(state, values.get(id) ?? 0, k) };
    },
  );
  if (!terms.some((term) => term.state !== 'shown')) return false;
  const signedLow = (term: (typeof terms)[number]) => (term.sign > 0 ? term.range.low : -term.range.high);
  const signedHigh = (term: (typeof terms)[number]) => (term.sign > 0 ? term.range.high : -term.range.low);
  return terms.some((term) => {
    if (term.state === 'shown') return false;
    // sign·x = −(the others); the others' bounds (summed without x: infinity does not subtract), then x's.
    const others = terms.filter((other) => other !== term);
    const othersLow = others.reduce((sum, other) => sum + signedLow(other), 0);
    const othersHigh = others.reduce((sum, other) => sum + signedHigh(other), 0);
    const low = Math.max(term.range.low, term.sign > 0 ? -othersHigh : othersLow);
    const high = Math.min(term.range.high, term.sign > 0 ? -othersLow : othersHigh);
    return low >= high;
  });
}

/**
 * The state of every cell after the rule above. `values` holds every cell (members and totals);
 * a cell missing from it counts as zero.
 */
export function protectCells(
  values: ReadonlyMap<string, number>,
  relations: readonly Relation[],
  k: number,
  /** Cells that take part in sums but are never published: a visitor knows only that they are 0 or more. */
  unpublished: ReadonlySet<string> = new Set(),
): Map<string, CellState> {
  if (!Number.isInteger(k) || k < SMALL_CELL_MIN_THRESHOLD) {
    throw new Error(`the threshold must be a whole number of at least ${SMALL_CELL_MIN_THRESHOLD}`);
  }
  const states = new Map<string, CellState>();
  for (const [id, value] of values) states.set(id, value >= 1 && value < k ? 'fewer' : 'shown');
  for (const id of unpublished) states.set(id, 'unpublished');
  const countOf = (id: string) => values.get(id) ?? 0;
  const stateOf = (id: string) => states.get(id) ?? 'shown';
  const settled = new Set<Relation>();
  let changed = true;
  while (changed) {
    changed = false;
    for (const relation of relations) {
      if (settled.has(relation)) continue;
      while (pins(relation, values, states, k)) {
        const candidates = relation.members
          .filter((member) => stateOf(member) === 'shown' && countOf(member) > 0)
          .sort((a, b) => countOf(a) - countOf(b) || a.localeCompare(b));
        const ending = candidates.find(
          (candidate) => !pins(relation, values, new Map(states).set(candidate, 'withheld'), k),
        );
        const chosen = ending ?? candidates.at(-1);
        if (chosen) {
          states.set(chosen, 'withheld');
        } else if (stateOf(relation.total) !== 'withheld') {
          // Every member is hidden and their ranges alone pin one (1 + 1 under a total of "fewer
          // than 3"): the total is withheld, so that it no longer says how small it is.
          states.set(relation.total, 'withheld');
          settled.add(relation);
          changed = true;
          break;
        } else {
          settled.add(relation);
          break;
        }
        changed = true;
      }
    }
  }
  return states;
}

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
