import { type Model, solve } from 'yalps';

/**
 * The audit of a suppression pattern as one system (decision 0022): a reader who knows every shown
 * figure, every relation "total = sum of members" and the range of every hidden cell solves them
 * all together, not relation by relation. Each hidden cell's smallest and largest possible value
 * is a linear programme over the whole system; a cell whose range holds a single whole number is
 * recovered, whatever the pages show of it.
 *
 * The bounds are those of the linear relaxation, rounded inwards to whole numbers (the figures are
 * counts), as statistical offices audit their tables (τ-ARGUS, Fischetti and Salazar). They can be
 * wider than the bounds of whole numbers only when a table of three or more dimensions has a
 * fractional corner; they are never narrower, so a cell found pinned is truly pinned.
 */

/**
 * What a reader knows of one hidden cell: it lies between `low` and `high`; `value` is its true
 * count. `small`: the count is from 1 to k−1, the kind no page may let anyone work out. A hidden
 * zero or a count of k or more that a reader can work out tells nothing about a person (zero is
 * shown as zero, and k or more as it is), so only the small ones are audited.
 */
export type HiddenCell = { value: number; low: number; high: number; small: boolean };

/** Σ coefficient·cell = rhs, over hidden cells only (the shown ones are moved to the right-hand side). */
export type Equation = { terms: ReadonlyMap<string, number>; rhs: number };

/** A move of less than this is a rounding of the solver, not a second possible value. */
const EPSILON = 1e-6;

type System = { cells: ReadonlyMap<string, HiddenCell>; equations: readonly Equation[] };

function linearProgramme(system: System, objective: ReadonlyMap<string, number>, direction: 'maximize' | 'minimize') {
  const constraints = new Map<string, { equal?: number; min?: number; max?: number }>();
  const variables = new Map<string, Map<string, number>>();
  for (const [id, cell] of system.cells) {
    constraints.set(`b:${id}`, { min: cell.low, max: cell.high });
    variables.set(id, new Map([[`b:${id}`, 1]]));
    const weight = objective.get(id);
    if (weight) variables.get(id)?.set('objective', weight);
  }
  system.equations.forEach((equation, index) => {
    constraints.set(`e:${index}`, { equal: equation.rhs });
    for (const [id, coefficient] of equation.terms) variables.get(id)?.set(`e:${index}`, coefficient);
  });
  const model: Model = { direction, objective: 'objective', constraints, variables };
  const solution = solve(model, { precision: 1e-9 });
  if (solution.status !== 'optimal') return undefined;
  const values = new Map<string, number>(solution.variables);
  return (id: string) => values.get(id) ?? 0;
}

/** The connected parts of the system: cells tied by at least one equation, each part solved alone. */
function components(system: System): System[] {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(id, root);
    return root;
  };
  for (const id of system.cells.keys()) parent.set(id, id);
  for (const equation of system.equations) {
    const [first, ...rest] = [...equation.terms.keys()];
    if (first === undefined) continue;
    for (const id of rest) parent.set(find(id), find(first));
  }
  const parts = new Map<string, { cells: Map<string, HiddenCell>; equations: Equation[] }>();
  for (const [id, cell] of system.cells) {
    const root = find(id);
    const part = parts.get(root) ?? { cells: new Map(), equations: [] };
    part.cells.set(id, cell);
    parts.set(root, part);
  }
  for (const equation of system.equations) {
    const first = equation.terms.keys().next().value;
    if (first !== undefined) parts.get(find(first))?.equations.push(equation);
  }
  return [...parts.values()];
}

/**
 * The hidden cells a reader can work out exactly, among those not yet known to be free. `free`
 * gathers the cells found to have a second possible value: hiding more cells only widens what a
 * reader allows for the others, so a free cell stays free and is not solved again. Each part of
 * the system is first pushed as a whole (every cell that moves by one or more in one of those
 * solutions is free); only the cells left are then solved one by one.
 */
export function pinnedCells(system: System, free: Set<string> = new Set()): string[] {
  const pinned: string[] = [];
  for (const part of components(system)) {
    if (part.equations.length === 0) continue;
    const open = new Set([...part.cells].filter(([id, cell]) => cell.small && !free.has(id)).map(([id]) => id));
    const settleWith = (solved: ((id: string) => number) | undefined) => {
      if (!solved) return;
      for (const id of open) {
        if (Math.abs(solved(id) - (part.cells.get(id)?.value ?? 0)) >= 1 - EPSILON) {
          open.delete(id);
          free.add(id);
        }
      }
    };
    // Whole pushes: all up, all down, then half up and half down (in a fixed order, so that the
    // same figures always give the same pattern).
    const pushes = [
      (_: number) => 1,
      (_: number) => -1,
      (index: number) => (index % 2 ? 1 : -1),
      (index: number) => (index % 2 ? -1 : 1),
    ];
    for (const weight of pushes) {
      if (open.size < 2) break;
      settleWith(linearProgramme(part, new Map([...open].map((id, index) => [id, weight(index)])), 'maximize'));
    }
    for (const id of [...open]) {
      if (!open.has(id)) continue;
      for (const direction of ['maximize', 'minimize'] as const) {
        if (!open.has(id)) break;
        settleWith(linearProgramme(part, new Map([[id, 1]]), direction));
      }
      if (open.has(id)) {
        pinned.push(id);
        open.delete(id);
      }
    }
  }
  return pinned.sort();
}

/**
 * Whether a reader can still work out this one cell exactly (two programmes over its part of the
 * system). Every cell that moves by one or more in those solutions joins `free`, as in `pinnedCells`.
 */
export function isPinned(system: System, id: string, free: Set<string> = new Set()): boolean {
  if (free.has(id) || !system.cells.get(id)?.small) return false;
  const part = components(system).find((candidate) => candidate.cells.has(id));
  if (!part || part.equations.length === 0) return false;
  for (const direction of ['maximize', 'minimize'] as const) {
    const solved = linearProgramme(part, new Map([[id, 1]]), direction);
    if (!solved) continue;
    for (const [other, cell] of part.cells) {
      if (Math.abs(solved(other) - cell.value) >= 1 - EPSILON) free.add(other);
    }
    if (free.has(id)) return false;
  }
  return true;
}

/** The cost of moving a shown zero by one, against 1 for any other shown count. */
const ZERO_COST = 4;

/** A cell of the whole lattice, as the protection programme sees it. */
export type LatticeCell = HiddenCell & { shown: boolean };

/**
 * The cheapest set of shown cells whose withholding lets `target` move by one (up, else down) with
 * every relation still holding: a programme in which each shown non-zero count may move, at a cost
 * per unit moved, but stays within what a reader would then allow for it (`low` to `high`), and the
 * hidden cells keep their ranges. A shown zero may move too, at a higher cost: where two small
 * counts are pinned between zeros and "fewer than k" (two incidents of a type in a year, both in one
 * province, in two months), only withholding a zero frees them. The shown cells that move in the cheapest
 * solution are the ones to withhold: once they are hidden, that solution is a second possible value
 * of the target. Undefined when no set of shown cells can free it.
 */
export function releaseFor(
  target: string,
  cells: ReadonlyMap<string, LatticeCell>,
  relations: readonly Relation[],
): string[] | undefined {
  // First among the cells two relations away from the target (the rest held at their counts: a
  // solution there is a solution of the whole lattice), then, if that cannot free it, everywhere.
  const near = neighbourhood(target, relations, 2);
  return (
    releaseWithin(
      target,
      cells,
      relations.filter((relation) => cellsOf(relation).some((id) => near.has(id))),
      near,
    ) ?? releaseWithin(target, cells, relations, undefined)
  );
}

type Relation = { total: string; members: readonly string[] };
const cellsOf = (relation: Relation) => [relation.total, ...relation.members];

/** The cells within `hops` relations of `start`. */
function neighbourhood(start: string, relations: readonly Relation[], hops: number): Set<string> {
  const byCell = new Map<string, Relation[]>();
  for (const relation of relations) {
    for (const id of cellsOf(relation)) byCell.set(id, [...(byCell.get(id) ?? []), relation]);
  }
  let reached = new Set([start]);
  for (let hop = 0; hop < hops; hop += 1) {
    const next = new Set(reached);
    for (const id of reached)
      for (const relation of byCell.get(id) ?? []) for (const other of cellsOf(relation)) next.add(other);
    reached = next;
  }
  return reached;
}

function releaseWithin(
  target: string,
  cells: ReadonlyMap<string, LatticeCell>,
  relations: readonly Relation[],
  /** The cells that may move; every other cell keeps its count. All when undefined. */
  movable: ReadonlySet<string> | undefined,
): string[] | undefined {
  const goal = cells.get(target);
  if (!goal) return undefined;
  const fixed = (id: string) => movable !== undefined && !movable.has(id);
  // One step up, else one step down: either is a second possible value.
  for (const step of [1, -1]) {
    const aim = goal.value + step;
    if (aim < goal.low || aim > goal.high) continue;
    const constraints = new Map<string, { equal?: number; min?: number; max?: number }>();
    const variables = new Map<string, Map<string, number>>();
    const variable = (name: string) => {
      const found = variables.get(name) ?? new Map<string, number>();
      variables.set(name, found);
      return found;
    };
    for (const [id, cell] of cells) {
      if (fixed(id)) continue;
      if (cell.shown) {
        // A zero is withheld only where nothing else will do: it costs more to move.
        const cost = cell.value === 0 ? ZERO_COST : 1;
        constraints.set(`r:${id}`, { min: cell.low - cell.value, max: cell.high - cell.value });
        variable(`p:${id}`).set(`r:${id}`, 1).set('cost', cost);
        variable(`n:${id}`).set(`r:${id}`, -1).set('cost', cost);
      } else {
        const low = id === target && step > 0 ? aim : cell.low;
        const high = id === target && step < 0 ? aim : cell.high;
        constraints.set(`r:${id}`, { min: low, max: high });
        variable(`x:${id}`).set(`r:${id}`, 1);
      }
    }
    relations.forEach((relation, index) => {
      let rhs = 0;
      for (const [id, sign] of [[relation.total, -1] as const, ...relation.members.map((id) => [id, 1] as const)]) {
        const cell = cells.get(id);
        if (!cell) continue;
        if (fixed(id)) {
          rhs -= sign * cell.value;
        } else if (cell.shown) {
          rhs -= sign * cell.value;
          const p = variable(`p:${id}`);
          p.set(`e:${index}`, (p.get(`e:${index}`) ?? 0) + sign);
          const n = variable(`n:${id}`);
          n.set(`e:${index}`, (n.get(`e:${index}`) ?? 0) - sign);
        } else {
          const x = variable(`x:${id}`);
          x.set(`e:${index}`, (x.get(`e:${index}`) ?? 0) + sign);
        }
      }
      constraints.set(`e:${index}`, { equal: rhs });
    });
    const solution = solve({ direction: 'minimize', objective: 'cost', constraints, variables }, { precision: 1e-9 });
    if (solution.status !== 'optimal') continue;
    const moved = new Set<string>();
    for (const [name, amount] of solution.variables) {
      if ((name.startsWith('p:') || name.startsWith('n:')) && amount > EPSILON) moved.add(name.slice(2));
    }
    return [...moved].sort();
  }
  return undefined;
}
