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
 * 4. The whole pattern is then audited as one system of equations (`figures/small-cell-audit.ts`): the
 *    smallest and largest possible value of every hidden small count given all relations at once,
 *    as a reader who solves them together would find them. While one is pinned to a single value,
 *    the cheapest set of shown cells whose withholding gives it a second value is withheld (a
 *    linear programme; a zero only where nothing else will do), and steps 2 to 4 run again.
 */
import {
  type Equation,
  type HiddenCell,
  isPinned,
  type LatticeCell,
  pinnedCells,
  releaseFor,
} from './small-cell-audit.ts';
import { type CellState, type Relation, SMALL_CELL_MIN_THRESHOLD } from './small-cells.ts';

type Range = { low: number; high: number };

function rangeOf(state: CellState, value: number, k: number): Range {
  if (state === 'shown') return { low: value, high: value };
  if (state === 'unpublished') return { low: 0, high: Number.POSITIVE_INFINITY };
  if (state === 'fewer') return { low: 1, high: k - 1 };
  // Withheld: k or more, but for a small total or a zero withheld to free others (from 0 up).
  return { low: value >= k ? k : 0, high: Number.POSITIVE_INFINITY };
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
 * What a reader knows of the hidden cells, and the relations as equations over them. A withheld
 * cell is k or more, except a total withheld because its small members pinned each other (step 2):
 * a reader cannot tell that one cross from the others, but the audit allows it anything from 0 up.
 */
function systemOf(
  values: ReadonlyMap<string, number>,
  relations: readonly Relation[],
  states: ReadonlyMap<string, CellState>,
  k: number,
  /** What a reader knows besides the figures: a cell holds at least this many (the public list's items). */
  atLeast: ReadonlyMap<string, number> = new Map(),
) {
  let largest = k;
  for (const value of values.values()) largest = Math.max(largest, value);
  const ceiling = 2 * largest + k;
  const cells = new Map<string, HiddenCell>();
  for (const [id, state] of states) {
    if (state === 'shown') continue;
    const value = values.get(id) ?? 0;
    // A withheld cell is k or more, except a total withheld by step 2 or a zero withheld by step 4
    // (then a reader allows it anything from 0 up).
    const low = Math.max(
      state === 'fewer' ? 1 : state === 'unpublished' ? 0 : value >= k ? k : 0,
      atLeast.get(id) ?? 0,
    );
    cells.set(id, { value, low, high: state === 'fewer' ? k - 1 : ceiling, small: value >= 1 && value < k });
  }
  const equations: Equation[] = [];
  for (const relation of relations) {
    const terms = new Map<string, number>();
    let rhs = 0;
    for (const [id, sign] of [[relation.total, -1] as const, ...relation.members.map((id) => [id, 1] as const)]) {
      if (cells.has(id)) terms.set(id, (terms.get(id) ?? 0) + sign);
      else rhs -= sign * (values.get(id) ?? 0);
    }
    if (terms.size > 0) equations.push({ terms, rhs });
  }
  return { cells, equations, ceiling };
}

/** Every cell of the lattice with what a reader would allow for it once hidden (a shown one: k or more). */
function latticeOf(
  values: ReadonlyMap<string, number>,
  relations: readonly Relation[],
  states: ReadonlyMap<string, CellState>,
  k: number,
) {
  const { cells: hidden, ceiling } = systemOf(values, relations, states, k);
  const cells = new Map<string, LatticeCell>();
  for (const relation of relations) {
    for (const id of [relation.total, ...relation.members]) {
      const known = hidden.get(id);
      const value = values.get(id) ?? 0;
      cells.set(
        id,
        known
          ? { ...known, shown: false }
          : { value, low: value >= k ? k : 0, high: ceiling, small: false, shown: true },
      );
    }
  }
  return cells;
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
  /** Step 4; only a test turns it off, to show what the relation-by-relation rule alone leaves open. */
  { wholeSystem = true }: { wholeSystem?: boolean } = {},
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
  const settleRelations = () => {
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
  };
  settleRelations();
  if (!wholeSystem) return states;

  // Step 4: the whole system at once. A reader may combine relations (a row, a column and a total
  // of one table, a month and a year of another) to pin a cell that no single relation pins.
  const unfixable = new Set<string>();
  const free = new Set<string>();
  for (;;) {
    const pinned = pinnedCells(systemOf(values, relations, states, k), free).filter((id) => !unfixable.has(id));
    if (pinned.length === 0) break;
    let released = false;
    for (const target of pinned) {
      // An earlier release in this round may have freed it already.
      if (released && !isPinned(systemOf(values, relations, states, k), target, free)) continue;
      const chosen = releaseFor(target, latticeOf(values, relations, states, k), relations);
      if (!chosen) {
        unfixable.add(target);
        continue;
      }
      released = true;
      for (const id of chosen) states.set(id, 'withheld');
      settleRelations();
      // The cheapest solution is now a second possible value of the target: hiding more cells
      // (step 2 may have) only widens what a reader allows.
      free.add(target);
    }
  }
  return states;
}

/**
 * The hidden cells a reader could work out exactly from the shown figures and every relation at
 * once (none, after `protectCells`). `atLeast`: what a reader learns elsewhere, as lower bounds on
 * cells: the public list's items (decision 0047), each a cell it certainly lies in.
 */
export function recoverableCells(
  values: ReadonlyMap<string, number>,
  relations: readonly Relation[],
  states: ReadonlyMap<string, CellState>,
  k: number,
  atLeast: ReadonlyMap<string, number> = new Map(),
): string[] {
  return pinnedCells(systemOf(values, relations, states, k, atLeast));
}
